package dev.petrel.admin.cli;

import dev.petrel.common.json.JsonCodec;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a command found, in two forms built side by side: the lines mqadmin would print, and one JSON object for
 * scripts ({@code --json}). Text-only lines (banners, blank lines) have no JSON; JSON-only facts have no line. Not
 * thread-safe.
 */
public final class Report {

    private final List<String> lines = new ArrayList<>();
    private final Map<String, Object> json = new LinkedHashMap<>();

    /** A printed line with no JSON counterpart. */
    public Report line(String text) {
        lines.add(text);
        return this;
    }

    public Report linef(String format, Object... args) {
        return line(String.format(Locale.ROOT, format, args));
    }

    /** A JSON property with no printed counterpart. */
    public Report put(String key, Object value) {
        json.put(key, value);
        return this;
    }

    /** The table's lines, and its rows under {@code key}. */
    public Report table(String key, Table table) {
        lines.addAll(table.lines());
        json.put(key, table.json());
        return this;
    }

    public List<String> lines() {
        return lines;
    }

    public Map<String, Object> json() {
        return json;
    }

    void print(PrintStream out, boolean asJson) {
        if (asJson) {
            out.println(toJson(json));
        } else {
            lines.forEach(out::println);
        }
        out.flush();
    }

    static String toJson(Object value) {
        return new String(JsonCodec.standard().encodePretty(value), StandardCharsets.UTF_8);
    }
}
