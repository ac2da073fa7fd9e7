"""Drives an emulated router's IOS shell with bare paramiko, byte by byte as a terminal
would, and prints the whole transcript.

Usage: paramiko_shell.py PORT LINE...
Credentials come from the environment: CRS_SSH_USER, CRS_SSH_PASSWORD.
"""
import os
import sys
import time

import paramiko


def read_until(channel, suffixes, timeout=10.0):
    data = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if channel.recv_ready():
            data += channel.recv(65536)
            text = data.decode()
            if any(text.endswith(s) for s in suffixes):
                return text
        else:
            time.sleep(0.01)
    raise TimeoutError("no prompt; got: " + data.decode())


def main():
    port, lines = int(sys.argv[1]), sys.argv[2:]
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect("127.0.0.1", port=port, username=os.environ["CRS_SSH_USER"],
                   password=os.environ["CRS_SSH_PASSWORD"], look_for_keys=False, allow_agent=False)
    channel = client.invoke_shell(term="vt100", width=200, height=24)
    transcript = read_until(channel, (">", "#"))
    for line in lines:
        channel.send(line + "\r")
        transcript += read_until(channel, (">", "#", "Password: "))
    client.close()
    sys.stdout.write(transcript)


if __name__ == "__main__":
    main()
