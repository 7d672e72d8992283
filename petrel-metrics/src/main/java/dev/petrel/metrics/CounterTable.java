package dev.petrel.metrics;

import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Families from a table of named counters (such as a remoting endpoint's {@code snapshot()}): each entry becomes the
 * counter {@code <prefix>_<name in snake case>}, so {@code framesIn} under {@code petrel_remoting} is
 * {@code petrel_remoting_frames_in_total}.
 */
public final class CounterTable {

    private CounterTable() {
    }

    public static List<MetricSnapshot> families(String prefix, String help, Map<String, Long> counters,
                                                Labels constant) {
        List<MetricSnapshot> out = new ArrayList<>(counters.size());
        counters.forEach((name, value) -> out.add(Family.counter(prefix + "_" + snake(name), help + " (" + name + ")",
            constant).add(value).build()));
        return out;
    }

    static String snake(String camel) {
        StringBuilder b = new StringBuilder(camel.length() + 4);
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c)) {
                b.append('_').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
