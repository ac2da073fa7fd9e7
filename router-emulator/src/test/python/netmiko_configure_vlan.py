"""Configures a VLAN on an emulated Cisco 7600 with netmiko, an SSH client for network
devices that no one in this project wrote, and prints what the router shows afterwards.

Usage: netmiko_configure_vlan.py PORT VLAN NAME
Credentials come from the environment: CRS_SSH_USER, CRS_SSH_PASSWORD, CRS_ENABLE_SECRET.
Exits non-zero if netmiko fails to drive the router.
"""
import os
import sys

from netmiko import ConnectHandler


def main():
    port, vlan, name = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    device = {
        "device_type": "cisco_ios",
        "host": "127.0.0.1",
        "port": port,
        "username": os.environ["CRS_SSH_USER"],
        "password": os.environ["CRS_SSH_PASSWORD"],
        "secret": os.environ["CRS_ENABLE_SECRET"],
        "timeout": 20,
        "conn_timeout": 10,
    }
    with ConnectHandler(**device) as conn:
        conn.enable()
        print("PROMPT", conn.find_prompt())
        print(conn.send_config_set([f"vlan {vlan}", f"name {name}"]))
        print(conn.save_config())
        print(conn.send_command(f"show vlan id {vlan}"))
        # An error must come back as IOS prints it.
        print(conn.send_config_set(["vlan 4095"]))


if __name__ == "__main__":
    main()
