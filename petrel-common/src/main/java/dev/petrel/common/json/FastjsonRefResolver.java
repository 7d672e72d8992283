package dev.petrel.common.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replaces fastjson's circular-reference markers ({@code {"$ref":"$.a.b[0]"}}) in a parsed tree by copies of the nodes
 * they point to. fastjson writes such a marker when one object instance occurs twice in a graph; Apache code paths
 * rarely do that, but a reader of Apache output must not choke on it.
 *
 * <ul>
 *   <li>{@code $.path} pointing to a node that is not an ancestor of the marker: replaced by a deep copy of that node.
 *   <li>{@code $}, {@code @}, {@code ..}, or a path to an ancestor: a cycle, which no value can hold: replaced by null.
 *   <li>{@code $.path.null}: fastjson's path for an object used as a map key. fastjson's own parser resolves it to
 *       the first object key of the map at {@code $.path}, which is right when that map has one entry; Petrel does the
 *       same, so it reads exactly what Apache reads.
 *   <li>A path that leads nowhere: replaced by null; a map entry whose <em>key</em> is such a marker is dropped.
 * </ul>
 *
 * The total number of copied nodes is bounded, so nested references cannot make the tree explode.
 */
final class FastjsonRefResolver {

    static final int MAX_COPIED_NODES = 1_000_000;

    private static final String REF = "$ref";
    private static final String KEY_PREFIX = "{\"$ref\":";

    private final ObjectMapper mapper;
    private final JsonNode root;
    private final List<JsonNode> ancestors = new ArrayList<>();
    private int copiedNodes;

    private FastjsonRefResolver(ObjectMapper mapper, JsonNode root) {
        this.mapper = mapper;
        this.root = root;
    }

    /** Resolves every marker in {@code root}; returns the (possibly replaced) root. */
    static JsonNode resolve(ObjectMapper mapper, JsonNode root) {
        FastjsonRefResolver resolver = new FastjsonRefResolver(mapper, root);
        if (isRef(root)) {
            return NullNode.getInstance();
        }
        resolver.walk(root);
        return root;
    }

    // Recursion is bounded by FastjsonNormalizer.MAX_DEPTH: the tree was parsed from normalised text.
    private void walk(JsonNode node) {
        ancestors.add(node);
        if (node instanceof ObjectNode object) {
            walkObject(object);
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode child = array.get(i);
                if (isRef(child)) {
                    array.set(i, target(child.get(REF).asText()));
                } else if (child.isContainerNode()) {
                    walk(child);
                }
            }
        }
        ancestors.remove(ancestors.size() - 1);
    }

    private void walkObject(ObjectNode object) {
        Map<String, JsonNode> renamed = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            JsonNode child = entry.getValue();
            if (isRef(child)) {
                entry.setValue(target(child.get(REF).asText()));
            } else if (child.isContainerNode()) {
                walk(child);
            }
            if (entry.getKey().startsWith(KEY_PREFIX)) {
                if (renamed == null) {
                    renamed = new LinkedHashMap<>();
                }
                renamed.put(entry.getKey(), entry.getValue());
                it.remove();
            }
        }
        if (renamed != null) {
            for (Map.Entry<String, JsonNode> entry : renamed.entrySet()) {
                String key = resolvedKey(entry.getKey());
                if (key != null) {
                    object.set(key, entry.getValue());
                }
            }
        }
    }

    /** The text of the object a key marker points to, or null when it points nowhere usable. */
    private String resolvedKey(String markerText) {
        JsonNode marker;
        try {
            marker = mapper.readTree(markerText);
        } catch (JsonProcessingException e) {
            return null;
        }
        if (!isRef(marker)) {
            return null;
        }
        JsonNode target = target(marker.get(REF).asText());
        if (!target.isObject()) {
            return null;
        }
        try {
            return mapper.writeValueAsString(target);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("re-encoding a parsed tree failed", e);
        }
    }

    private JsonNode target(String path) {
        JsonNode found = find(path);
        if (found == null || isRef(found)) {
            return NullNode.getInstance();
        }
        for (JsonNode ancestor : ancestors) {
            if (ancestor == found) {
                return NullNode.getInstance();
            }
        }
        return copy(found);
    }

    /** Follows a fastjson path ({@code $.name.name[3]}); null when it leads nowhere or is relative. */
    private JsonNode find(String path) {
        if (!path.startsWith("$") || path.equals("$")) {
            return null;
        }
        JsonNode node = root;
        int i = 1;
        while (i < path.length() && node != null) {
            char c = path.charAt(i);
            if (c == '.') {
                int end = i + 1;
                while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
                    end++;
                }
                String name = path.substring(i + 1, end);
                if (!node.isObject()) {
                    node = null;
                } else if (node.get(name) == null && name.equals("null")) {
                    node = firstObjectKey(node);
                } else {
                    node = node.get(name);
                }
                i = end;
            } else if (c == '[') {
                int end = path.indexOf(']', i);
                if (end < 0) {
                    return null;
                }
                node = node.isArray() ? node.get(parseIndex(path.substring(i + 1, end))) : null;
                i = end + 1;
            } else {
                return null;
            }
        }
        return node;
    }

    /** The first property name of {@code map} that holds an object's JSON (an object map key), parsed; else null. */
    private JsonNode firstObjectKey(JsonNode map) {
        for (Iterator<String> names = map.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (name.startsWith("{") && !name.startsWith(KEY_PREFIX)) {
                try {
                    return mapper.readTree(name);
                } catch (JsonProcessingException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static int parseIndex(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private JsonNode copy(JsonNode node) {
        copiedNodes += countNodes(node, MAX_COPIED_NODES - copiedNodes + 1);
        if (copiedNodes > MAX_COPIED_NODES) {
            throw new JsonException("$ref references expand to more than " + MAX_COPIED_NODES + " nodes");
        }
        return node.deepCopy();
    }

    private static int countNodes(JsonNode node, int limit) {
        int count = 1;
        if (node.isContainerNode()) {
            for (JsonNode child : node) {
                count += countNodes(child, limit - count);
                if (count > limit) {
                    return count;
                }
            }
        }
        return count;
    }

    private static boolean isRef(JsonNode node) {
        return node.isObject() && node.size() == 1 && node.get(REF) != null && node.get(REF).isTextual();
    }
}
