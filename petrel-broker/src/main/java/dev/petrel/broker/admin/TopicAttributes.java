package dev.petrel.broker.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Topic attributes as {@code updateTopic -a} sends them: {@code +key=value} sets, {@code -key} removes, comma-separated
 * (Apache's {@code AttributeParser} and {@code AttributeUtil.alterCurrentAttributes}). Only the 5.x attributes with a
 * known meaning are accepted (system-topics.md §8); Petrel stores them but does not act on them yet.
 */
final class TopicAttributes {

    private static final Map<String, Set<String>> KNOWN = Map.of(
        "queue.type", Set.of("SimpleCQ", "BatchCQ"),
        "cleanup.policy", Set.of("DELETE", "COMPACTION"),
        "message.type", Set.of("UNSPECIFIED", "NORMAL", "FIFO", "DELAY", "TRANSACTION", "MIXED"));

    private TopicAttributes() {
    }

    /**
     * The attributes after applying {@code modification} to {@code current}.
     *
     * @throws IllegalArgumentException naming the bad item
     */
    static Map<String, String> apply(Map<String, String> current, String modification) {
        Map<String, String> out = new TreeMap<>(current);
        if (modification == null || modification.isBlank()) {
            return out;
        }
        Map<String, String> parsed = new LinkedHashMap<>();
        for (String item : modification.split(",")) {
            String s = item.trim();
            if (s.isEmpty()) {
                continue;
            }
            if (s.startsWith("+")) {
                int eq = s.indexOf('=');
                if (eq < 2 || eq == s.length() - 1) {
                    throw new IllegalArgumentException("attribute '" + s + "' must look like +key=value");
                }
                parsed.put(s.substring(1, eq), s.substring(eq + 1));
            } else if (s.startsWith("-")) {
                if (s.length() < 2 || s.contains("=")) {
                    throw new IllegalArgumentException("attribute '" + s + "' must look like -key");
                }
                parsed.put(s.substring(1), null);
            } else {
                throw new IllegalArgumentException("attribute '" + s + "' must start with + (set) or - (remove)");
            }
        }
        for (Map.Entry<String, String> e : parsed.entrySet()) {
            Set<String> allowed = KNOWN.get(e.getKey());
            if (allowed == null) {
                throw new IllegalArgumentException("unsupported topic attribute " + e.getKey() + "; known: "
                    + new TreeMap<>(KNOWN).keySet());
            }
            if (e.getValue() == null) {
                out.remove(e.getKey());
            } else if (!allowed.contains(e.getValue())) {
                throw new IllegalArgumentException("attribute " + e.getKey() + " must be one of " + allowed + ", got "
                    + e.getValue());
            } else {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }
}
