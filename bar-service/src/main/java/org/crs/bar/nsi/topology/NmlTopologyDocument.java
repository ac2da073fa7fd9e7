package org.crs.bar.nsi.topology;

import java.time.Instant;
import java.util.Objects;

import org.crs.domain.nsi.Stp;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The NML topology document of this site ({@code /NSI/topology.xml}), in the layout OpenNSA
 * writes and reads:
 *
 * <pre>{@code
 * <nml:Topology id="<network id>" version="2026-05-01T10:00:00Z">
 *   <nml:name>CRS site-a</nml:name>
 *   <nml:BidirectionalPort id="<network id>:to-domain-c">      one per STP, its id the STP's
 *     <nml:name>to-domain-c</nml:name>
 *     <nml:PortGroup id="<network id>:to-domain-c-in"/>
 *     <nml:PortGroup id="<network id>:to-domain-c-out"/>
 *   </nml:BidirectionalPort>
 *   <nml:Relation type="...#hasInboundPort">                   then the same under hasOutboundPort
 *     <nml:PortGroup id="<network id>:to-domain-c-in">
 *       <nml:LabelGroup labeltype="http://schemas.ogf.org/nml/2012/10/ethernet#vlan">3000-3099</nml:LabelGroup>
 *       <nml:Relation type="...#isAlias"><nml:PortGroup id="<alias>-out"/></nml:Relation>
 *     </nml:PortGroup>
 *   </nml:Relation>
 *   <nsi:serviceDefinition id="<network id>:sd:EVTS.A-GOLE"> name, serviceType </nsi:serviceDefinition>
 *   <nml:Relation type="...#hasService">
 *     <nml:SwitchingService id="<network id>:switch:EVTS.A-GOLE" labelSwapping="false" labelType="...#vlan">
 *       <nsi:serviceDefinition id="<network id>:sd:EVTS.A-GOLE"/>
 *     </nml:SwitchingService>
 *   </nml:Relation>
 * </nml:Topology>
 * }</pre>
 *
 * A host port is untagged: its port groups carry no label. A hand-off's groups carry its VLAN
 * range and, when {@code nsi.handOffs} names its far side, an {@code isAlias} to the peer's
 * opposite group (our inbound is the peer's outbound): the peer's port id with {@code -out} or
 * {@code -in}, as OpenNSA names a bidirectional port's groups. No label swapping: a campus
 * segment carries one VLAN end to end.
 */
public final class NmlTopologyDocument {

    public static final String NML = "http://schemas.ogf.org/nml/2013/05/base#";
    public static final String ETHERNET_VLAN = "http://schemas.ogf.org/nml/2012/10/ethernet#vlan";
    public static final String SERVICE_DEFINITION = "http://schemas.ogf.org/nsi/2013/12/services/definition";
    /** The AutoGOLE's Ethernet VLAN transfer service, as OpenNSA names it. */
    public static final String EVTS_SERVICE_TYPE = "http://services.ogf.org/nsi/2013/07/descriptions/EVTS.A-GOLE";
    public static final String HAS_INBOUND_PORT = NML + "hasInboundPort";
    public static final String HAS_OUTBOUND_PORT = NML + "hasOutboundPort";
    public static final String HAS_SERVICE = NML + "hasService";
    public static final String IS_ALIAS = NML + "isAlias";
    /** What the inbound and outbound port groups' ids add to the port's id. */
    public static final String IN = "-in";
    public static final String OUT = "-out";

    private NmlTopologyDocument() {
    }

    /**
     * The document for {@code stps}.
     *
     * @param version when the topology was read; it changes only when the BAR is restarted
     */
    public static String write(SiteStps stps, Instant version) {
        Objects.requireNonNull(version, "version");
        NsiNetwork network = stps.network();
        String id = network.networkId();
        Document document = XmlText.newDocument();
        Element topology = document.createElementNS(NML, "nml:Topology");
        document.appendChild(topology);
        topology.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:nsi", SERVICE_DEFINITION);
        topology.setAttribute("id", id);
        topology.setAttribute("version", version.toString());
        XmlText.addText(topology, NML, "nml:name", network.name());

        for (SiteStp stp : stps.list()) {
            Element port = XmlText.add(topology, NML, "nml:BidirectionalPort");
            port.setAttribute("id", stp.stp().portId());
            XmlText.addText(port, NML, "nml:name", stp.stp().localId());
            XmlText.add(port, NML, "nml:PortGroup").setAttribute("id", stp.stp().portId() + IN);
            XmlText.add(port, NML, "nml:PortGroup").setAttribute("id", stp.stp().portId() + OUT);
        }
        portGroups(topology, stps, HAS_INBOUND_PORT, IN, OUT);
        portGroups(topology, stps, HAS_OUTBOUND_PORT, OUT, IN);

        String serviceDefinition = id + ":sd:EVTS.A-GOLE";
        Element definition = XmlText.add(topology, SERVICE_DEFINITION, "nsi:serviceDefinition");
        definition.setAttribute("id", serviceDefinition);
        XmlText.addText(definition, null, "name", "GLIF Automated GOLE Ethernet VLAN Transfer Service");
        XmlText.addText(definition, null, "serviceType", EVTS_SERVICE_TYPE);
        Element hasService = XmlText.add(topology, NML, "nml:Relation");
        hasService.setAttribute("type", HAS_SERVICE);
        Element switching = XmlText.add(hasService, NML, "nml:SwitchingService");
        switching.setAttribute("id", id + ":switch:EVTS.A-GOLE");
        switching.setAttribute("labelSwapping", "false");
        switching.setAttribute("labelType", ETHERNET_VLAN);
        XmlText.add(switching, SERVICE_DEFINITION, "nsi:serviceDefinition").setAttribute("id", serviceDefinition);
        return XmlText.write(document);
    }

    /** The {@code hasInboundPort} or {@code hasOutboundPort} relation: one group per STP, with its label and alias. */
    private static void portGroups(Element topology, SiteStps stps, String relationType, String suffix, String peerSuffix) {
        Element relation = XmlText.add(topology, NML, "nml:Relation");
        relation.setAttribute("type", relationType);
        for (SiteStp stp : stps.list()) {
            Element group = XmlText.add(relation, NML, "nml:PortGroup");
            group.setAttribute("id", stp.stp().portId() + suffix);
            stp.stp().vlans().ifPresent(vlans -> XmlText.addText(group, NML, "nml:LabelGroup", vlans.toString())
                    .setAttribute("labeltype", ETHERNET_VLAN));
            if (stp instanceof SiteStp.HandOffStp handOff && handOff.peer().isPresent()) {
                Stp alias = handOff.peer().get().alias();
                Element isAlias = XmlText.add(group, NML, "nml:Relation");
                isAlias.setAttribute("type", IS_ALIAS);
                XmlText.add(isAlias, NML, "nml:PortGroup").setAttribute("id", alias.portId() + peerSuffix);
            }
        }
    }
}
