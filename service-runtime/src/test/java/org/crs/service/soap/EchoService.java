package org.crs.service.soap;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.crs.domain.refusal.Refusal;

/** The test service: a plain POJO that counts its calls (the count is not an operation). */
public class EchoService implements EchoApi {

    private final AtomicInteger calls = new AtomicInteger();

    @Override
    public String echo(String text) {
        calls.incrementAndGet();
        return text;
    }

    @Override
    public EchoBean echoBean(EchoBean bean) {
        calls.incrementAndGet();
        EchoBean out = new EchoBean();
        out.setName(bean.getName());
        out.setWhen(bean.getWhen());
        out.setTags(bean.getTags());
        out.setCount(bean.getCount() + 1);
        return out;
    }

    @Override
    public String[] split(String text) {
        calls.incrementAndGet();
        if (text == null || text.isBlank()) {
            return new String[0];
        }
        return Arrays.stream(text.trim().split("\\s+")).toArray(String[]::new);
    }

    @Override
    public String check(String value) throws ServiceFault {
        calls.incrementAndGet();
        if (value == null || value.isBlank()) {
            throw new ServiceFault(Refusal.badField("value", "must not be blank"));
        }
        return value;
    }

    @Override
    public String fail(String secret) {
        calls.incrementAndGet();
        throw new IllegalStateException("driver said: password " + secret + " rejected");
    }

    /** Public but not part of the contract: must not become an operation. */
    public int calls() {
        return calls.get();
    }
}
