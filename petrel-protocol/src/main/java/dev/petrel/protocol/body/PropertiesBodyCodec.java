package dev.petrel.protocol.body;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The one non-JSON body of the admin protocol: {@code java.util.Properties} text, used by UPDATE_BROKER_CONFIG (25),
 * GET_BROKER_CONFIG (26), UPDATE_NAMESRV_CONFIG (318) and GET_NAMESRV_CONFIG (319). UTF-8, one {@code key=value} line
 * per entry ({@code \n}), keys sorted. Apache's {@code MixAll.properties2String} writes the same lines without escaping
 * and reads them with {@link Properties#load}; Petrel escapes what {@code load} would otherwise misread (backslashes,
 * line breaks, leading spaces, and {@code = : # !} and spaces in keys), so Apache reads Petrel's values exactly.
 */
public final class PropertiesBodyCodec {

    private PropertiesBodyCodec() {
    }

    public static byte[] encode(Map<String, String> properties) {
        StringBuilder text = new StringBuilder(properties.size() * 32);
        for (Map.Entry<String, String> entry : new TreeMap<>(properties).entrySet()) {
            if (entry.getValue() == null) {
                continue;
            }
            escape(entry.getKey(), true, text);
            text.append('=');
            escape(entry.getValue(), false, text);
            text.append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Reads the text as {@link Properties#load} does (Apache's {@code MixAll.string2Properties}). */
    public static Map<String, String> decode(byte[] body) {
        Properties properties = new Properties();
        if (body != null) {
            try {
                properties.load(new StringReader(new String(body, StandardCharsets.UTF_8)));
            } catch (IOException | IllegalArgumentException e) {
                throw new MalformedBodyException("cannot read properties text: " + e.getMessage(), e);
            }
        }
        Map<String, String> map = new TreeMap<>();
        properties.forEach((k, v) -> map.put((String) k, (String) v));
        return map;
    }

    private static void escape(String text, boolean key, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\f' -> out.append("\\f");
                case ' ' -> out.append(key || i == 0 ? "\\ " : " ");
                case '=', ':', '#', '!' -> {
                    if (key || (i == 0 && (c == '#' || c == '!'))) {
                        out.append('\\');
                    }
                    out.append(c);
                }
                default -> out.append(c);
            }
        }
    }
}
