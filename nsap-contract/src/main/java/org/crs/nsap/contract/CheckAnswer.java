package org.crs.nsap.contract;

/** The SOAP form of "would this fit, and if not, why". */
public class CheckAnswer {

    private boolean fits;
    private String resource;
    private String reason;
    private String code;

    /** True when a hold would succeed now. */
    public boolean isFits() {
        return fits;
    }

    public void setFits(boolean fits) {
        this.fits = fits;
    }

    /** The first resource lacking capacity, when it does not fit. */
    public String getResource() {
        return resource;
    }

    public void setResource(String resource) {
        this.resource = resource;
    }

    /** Why not, or the plan that would be booked. */
    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    /**
     * Why it does not fit, for programs: a refusal code (NO_CAPACITY, MAINTENANCE,
     * VLAN_UNAVAILABLE, HOST_PORT_BUSY, ...); absent when it fits.
     */
    public String getCode() {
        return code;
    }

    public void setCode(String code) {
        this.code = code;
    }
}
