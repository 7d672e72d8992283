package dev.petrel.testkit;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scrape of a Prometheus endpoint, parsed strictly (text format 0.0.4: {@code # HELP}, {@code # TYPE} and sample
 * lines {@code name{label="value",...} number}); a line that does not parse fails the test. For tests that assert
 * exact values of a metrics endpoint.
 */
public final class PrometheusText {

    /** One sample line. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;
    private final Map<String, String> types;

    private PrometheusText(List<Sample> samples, Map<String, String> types) {
        this.samples = samples;
        this.types = types;
    }

    /** GETs {@code http://127.0.0.1:port/metrics} (patient timeouts) and parses the answer. */
    public static PrometheusText scrape(int port) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
            .timeout(Duration.ofSeconds(30)).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("scrape of port " + port + " answered " + response.statusCode() + ": "
                    + response.body());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new AssertionError("cannot scrape port " + port + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    public static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        Map<String, String> types = new LinkedHashMap<>();
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("# HELP ")) {
                continue;
            }
            if (line.startsWith("# TYPE ")) {
                String[] parts = line.substring(7).split(" ");
                if (parts.length != 2) {
                    throw new AssertionError("line " + lineNo + ": bad TYPE line: " + line);
                }
                types.put(parts[0], parts[1]);
                continue;
            }
            if (line.startsWith("#")) {
                throw new AssertionError("line " + lineNo + ": unexpected comment: " + line);
            }
            samples.add(sample(line, lineNo));
        }
        return new PrometheusText(samples, types);
    }

    private static Sample sample(String line, int lineNo) {
        int i = 0;
        while (i < line.length() && (Character.isLetterOrDigit(line.charAt(i)) || line.charAt(i) == '_'
            || line.charAt(i) == ':')) {
            i++;
        }
        if (i == 0) {
            throw new AssertionError("line " + lineNo + ": no metric name: " + line);
        }
        String name = line.substring(0, i);
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf("=\"", i);
                if (eq < 0) {
                    throw new AssertionError("line " + lineNo + ": bad label at " + i + ": " + line);
                }
                String label = line.substring(i, eq);
                StringBuilder value = new StringBuilder();
                int j = eq + 2;
                while (line.charAt(j) != '"') {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char next = line.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    } else {
                        value.append(c);
                    }
                    j++;
                }
                if (labels.put(label, value.toString()) != null) {
                    throw new AssertionError("line " + lineNo + ": label " + label + " twice: " + line);
                }
                i = j + 1;
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            i++;
        }
        if (i >= line.length() || line.charAt(i) != ' ') {
            throw new AssertionError("line " + lineNo + ": no value: " + line);
        }
        String[] rest = line.substring(i + 1).split(" ");
        if (rest.length > 2) {
            throw new AssertionError("line " + lineNo + ": trailing text: " + line);
        }
        return new Sample(name, labels, parseValue(rest[0], lineNo));
    }

    private static double parseValue(String text, int lineNo) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new AssertionError("line " + lineNo + ": bad value " + text);
                }
            }
        };
    }

    public List<Sample> samples() {
        return samples;
    }

    /** {@code # TYPE} of a family, e.g. {@code counter}. */
    public String type(String family) {
        return types.get(family);
    }

    /** The samples named {@code name} whose labels include every pair of {@code labels} (name, value, ...). */
    public List<Sample> find(String name, String... labels) {
        List<Sample> found = new ArrayList<>();
        for (Sample s : samples) {
            if (s.name().equals(name) && matches(s, labels)) {
                found.add(s);
            }
        }
        return found;
    }

    /** The one sample of {@code name} with these labels, if there is one (fails when several match). */
    public Optional<Double> value(String name, String... labels) {
        List<Sample> found = find(name, labels);
        if (found.size() > 1) {
            throw new AssertionError(found.size() + " samples of " + name + " match " + List.of(labels) + ": " + found);
        }
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0).value());
    }

    private static boolean matches(Sample s, String[] labels) {
        for (int k = 0; k < labels.length; k += 2) {
            if (!labels[k + 1].equals(s.labels().get(labels[k]))) {
                return false;
            }
        }
        return true;
    }
}
