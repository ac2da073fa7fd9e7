package org.crs.service.soap;

import java.util.Calendar;

/** A SOAP bean with a dateTime, an array and a number. */
public class EchoBean {
    private String name;
    private Calendar when;
    private String[] tags = new String[0];
    private int count;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Calendar getWhen() {
        return when;
    }

    public void setWhen(Calendar when) {
        this.when = when;
    }

    public String[] getTags() {
        return tags;
    }

    public void setTags(String[] tags) {
        this.tags = tags == null ? new String[0] : tags;
    }

    public int getCount() {
        return count;
    }

    public void setCount(int count) {
        this.count = count;
    }
}
