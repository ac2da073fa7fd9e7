package org.crs.nsap.contract;

import java.util.Calendar;

/** One exchange with a router, as the device log keeps it. */
public class DeviceLogRecordBean {

    private String bookingId;
    private String router;
    private String protocol;
    private String request;
    private String response;
    private String outcome;
    private Calendar at;
    private long elapsedMillis;

    public String getBookingId() {
        return bookingId;
    }

    public void setBookingId(String bookingId) {
        this.bookingId = bookingId;
    }

    public String getRouter() {
        return router;
    }

    public void setRouter(String router) {
        this.router = router;
    }

    /** CLI or SNMP. */
    public String getProtocol() {
        return protocol;
    }

    public void setProtocol(String protocol) {
        this.protocol = protocol;
    }

    /** The command line or SNMP operation sent. */
    public String getRequest() {
        return request;
    }

    public void setRequest(String request) {
        this.request = request;
    }

    /** The router's answer. */
    public String getResponse() {
        return response;
    }

    public void setResponse(String response) {
        this.response = response;
    }

    /** OK, ERROR, TIMEOUT or DISCONNECTED. */
    public String getOutcome() {
        return outcome;
    }

    public void setOutcome(String outcome) {
        this.outcome = outcome;
    }

    public Calendar getAt() {
        return at;
    }

    public void setAt(Calendar at) {
        this.at = at;
    }

    public long getElapsedMillis() {
        return elapsedMillis;
    }

    public void setElapsedMillis(long elapsedMillis) {
        this.elapsedMillis = elapsedMillis;
    }
}
