package dev.petrel.admin.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table printed with mqadmin's own format strings (its header and row formats differ in places, so both are
 * given), and the same rows as JSON objects keyed by each column's JSON name with the raw values (numbers stay
 * numbers). Not thread-safe.
 */
public final class Table {

    private final String headerFormat;
    private final String rowFormat;
    private final List<String> headers = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<Object[]> textRows = new ArrayList<>();
    private final List<Map<String, Object>> jsonRows = new ArrayList<>();

    /**
     * @param headerFormat format of the header line ({@code %-32s  %-4s ...})
     * @param rowFormat    format of each row
     * @param columns      pairs of header text and JSON key: {@code "#Broker Name", "brokerName", "#QID", "queueId"}
     */
    public Table(String headerFormat, String rowFormat, String... columns) {
        if (columns.length % 2 != 0) {
            throw new IllegalArgumentException("columns come in (header, json key) pairs");
        }
        this.headerFormat = headerFormat;
        this.rowFormat = rowFormat;
        for (int i = 0; i < columns.length; i += 2) {
            headers.add(columns[i]);
            keys.add(columns[i + 1]);
        }
    }

    /** Adds a row: the printed cells (as the row format wants them) and the same facts for JSON. */
    public Table row(Object... cells) {
        return row(cells, cells);
    }

    /** Adds a row whose printed cells differ from its JSON values (formatted times, {@code N/A}). */
    public Table row(Object[] printed, Object[] values) {
        if (printed.length != keys.size() || values.length != keys.size()) {
            throw new IllegalArgumentException("a row of " + keys.size() + " columns got " + printed.length + "/"
                + values.length + " cells");
        }
        textRows.add(printed.clone());
        Map<String, Object> json = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            json.put(keys.get(i), values[i]);
        }
        jsonRows.add(json);
        return this;
    }

    public int size() {
        return jsonRows.size();
    }

    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, headerFormat, headers.toArray()));
        for (Object[] row : textRows) {
            out.add(String.format(Locale.ROOT, rowFormat, row));
        }
        return out;
    }

    public List<Map<String, Object>> json() {
        return jsonRows;
    }
}
