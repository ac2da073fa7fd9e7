package org.crs.service.soap;

import javax.xml.stream.XMLInputFactory;

/** How a SOAP client of the project reads answers: no DTD, no external entity, text in one piece. */
public final class SoapXml {

    private SoapXml() {
    }

    /**
     * A StAX input factory that refuses DTDs and external entities (an answer cannot make the
     * client read files or other hosts), joins adjacent text, and is namespace aware.
     */
    public static XMLInputFactory inputFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return f;
    }
}
