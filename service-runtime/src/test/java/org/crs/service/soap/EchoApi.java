package org.crs.service.soap;

/** The SOAP contract of the test service. */
public interface EchoApi {

    String echo(String text);

    EchoBean echoBean(EchoBean bean);

    /** Words of {@code text}; an empty array (never null) for blank text. */
    String[] split(String text);

    /** Returns {@code value}, or refuses a blank one with a fault naming the field. */
    String check(String value) throws ServiceFault;

    /** Always fails with an undeclared exception whose message contains {@code secret}. */
    String fail(String secret);
}
