package org.crs.nsap.contract;

/** The SOAP form of "would this fit, and if not, why". */
public class CheckAnswer {

    private boolean fits;
    private String resource;
    private String reason;

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
}
