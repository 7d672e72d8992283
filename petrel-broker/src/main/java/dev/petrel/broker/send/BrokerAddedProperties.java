package dev.petrel.broker.send;

import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The properties the broker adds to a single sent message before storing it (message-format.md §3.3):
 * {@code MSG_REGION}, {@code TRACE_ON}, {@code UNIQ_KEY} when the producer sent none, and {@code CLUSTER}; and
 * {@code POP_CK}, which only the broker may set, removed.
 *
 * <p>The usual case (none of those keys present) appends to the producer's string without decoding it.
 */
public final class BrokerAddedProperties {

    private BrokerAddedProperties() {
    }

    /**
     * @param properties the producer's properties string (may be null)
     * @param newUniqueId makes a UNIQ_KEY when the message has none
     */
    public static String apply(String properties, String regionId, boolean traceOn, String clusterName,
                               Supplier<String> newUniqueId) {
        String p = properties == null ? "" : properties;
        String uniq = PropertiesCodec.find(p, PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        boolean clean = PropertiesCodec.find(p, PropertyNames.POP_CK) == null
            && PropertiesCodec.find(p, PropertyNames.MSG_REGION) == null
            && PropertiesCodec.find(p, PropertyNames.TRACE_SWITCH) == null
            && PropertiesCodec.find(p, PropertyNames.CLUSTER) == null;
        if (clean) {
            StringBuilder sb = new StringBuilder(p.length() + 96).append(p);
            if (!p.isEmpty() && p.charAt(p.length() - 1) != PropertiesCodec.PROPERTY_SEPARATOR) {
                sb.append(PropertiesCodec.PROPERTY_SEPARATOR);
            }
            append(sb, PropertyNames.MSG_REGION, regionId);
            append(sb, PropertyNames.TRACE_SWITCH, Boolean.toString(traceOn));
            if (uniq == null || uniq.isEmpty()) {
                append(sb, PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, newUniqueId.get());
            }
            append(sb, PropertyNames.CLUSTER, clusterName);
            return sb.toString();
        }
        Map<String, String> map = PropertiesCodec.decode(p);
        map.remove(PropertyNames.POP_CK);
        map.put(PropertyNames.MSG_REGION, regionId);
        map.put(PropertyNames.TRACE_SWITCH, Boolean.toString(traceOn));
        if (uniq == null || uniq.isEmpty()) {
            map.put(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, newUniqueId.get());
        }
        map.put(PropertyNames.CLUSTER, clusterName);
        return PropertiesCodec.encode(map);
    }

    private static void append(StringBuilder sb, String name, String value) {
        if (value == null || value.isEmpty()) {
            return;
        }
        sb.append(name).append(PropertiesCodec.NAME_VALUE_SEPARATOR).append(value)
            .append(PropertiesCodec.PROPERTY_SEPARATOR);
    }
}
