package dev.petrel.protocol.header;

import java.util.Map;

/**
 * The base fields RocketMQ 5.x adds to most request headers (RpcRequestHeader / TopicRequestHeader): a header
 * component of this type is flattened into these five keys. All are optional and sent only when set; a server that
 * does not use them ignores them (Apache uses {@code bname}/{@code lo} only for static topics and proxy routing).
 *
 * @param ns   namespace
 * @param nsd  "resource names already carry the namespace"
 * @param bname target broker name; the 5.3.1 client sets it on most broker requests
 * @param oway oneway hint
 * @param lo   "logical queue" (static topics); exists only on Apache's topic headers and is ignored elsewhere
 */
public record RpcFields(String ns, Boolean nsd, String bname, Boolean oway, Boolean lo) {

    /** No base field set. */
    public static final RpcFields NONE = new RpcFields(null, null, null, null, null);

    /** Only {@code bname}: what the 5.3.1 client sends on broker requests. */
    public static RpcFields toBroker(String brokerName) {
        return new RpcFields(null, null, brokerName, null, null);
    }

    /** Key names; the generic {@link RecordHeaderCodec} derives the same names from the components. */
    public static final String NS = "ns";
    public static final String NSD = "nsd";
    public static final String BNAME = "bname";
    public static final String OWAY = "oway";
    public static final String LO = "lo";

    /** Writes the set fields into {@code out} (for hand-written header codecs). */
    public void encodeTo(Map<String, String> out) {
        if (ns != null) {
            out.put(NS, ns);
        }
        if (nsd != null) {
            out.put(NSD, nsd.toString());
        }
        if (bname != null) {
            out.put(BNAME, bname);
        }
        if (oway != null) {
            out.put(OWAY, oway.toString());
        }
        if (lo != null) {
            out.put(LO, lo.toString());
        }
    }

    /** Reads the base fields (for hand-written header codecs); {@link #NONE} when none is present. */
    public static RpcFields decodeFrom(ExtFieldReader in) {
        String ns = in.string(NS);
        Boolean nsd = in.optionalBoolean(NSD);
        String bname = in.string(BNAME);
        Boolean oway = in.optionalBoolean(OWAY);
        Boolean lo = in.optionalBoolean(LO);
        if (ns == null && nsd == null && bname == null && oway == null && lo == null) {
            return NONE;
        }
        return new RpcFields(ns, nsd, bname, oway, lo);
    }

    /** Whether no base field is set. */
    public boolean none() {
        return ns == null && nsd == null && bname == null && oway == null && lo == null;
    }
}
