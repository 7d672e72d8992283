package dev.petrel.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One counter or gauge family being collected: a name, a help line, the label names of its series and the constant
 * labels every series gets (cluster, node...). A collector makes one per scrape, {@link #add}s a value per series and
 * {@link #build}s the snapshot. Counter names are given without {@code _total}; the text format appends it.
 */
public final class Family {

    private final boolean counter;
    private final String name;
    private final String help;
    private final String[] names;
    private final String[] constantValues;
    private final int variable;
    private final List<CounterDataPointSnapshot> counters = new ArrayList<>();
    private final List<GaugeDataPointSnapshot> gauges = new ArrayList<>();

    private Family(boolean counter, String name, String help, Labels constant, String... labelNames) {
        this.counter = counter;
        this.name = name;
        this.help = help;
        this.variable = labelNames.length;
        this.names = Arrays.copyOf(labelNames, labelNames.length + constant.size());
        this.constantValues = new String[constant.size()];
        for (int i = 0; i < constant.size(); i++) {
            names[variable + i] = constant.getName(i);
            constantValues[i] = constant.getValue(i);
        }
    }

    public static Family counter(String name, String help, Labels constant, String... labelNames) {
        return new Family(true, name, help, constant, labelNames);
    }

    public static Family gauge(String name, String help, Labels constant, String... labelNames) {
        return new Family(false, name, help, constant, labelNames);
    }

    /** One series: {@code labelValues} in the order of the label names given at construction. */
    public Family add(double value, String... labelValues) {
        if (labelValues.length != variable) {
            throw new IllegalArgumentException(name + " has " + variable + " labels, got " + labelValues.length);
        }
        String[] values = Arrays.copyOf(labelValues, names.length);
        System.arraycopy(constantValues, 0, values, variable, constantValues.length);
        Labels labels = Labels.of(names, values);
        if (counter) {
            counters.add(CounterDataPointSnapshot.builder().value(value).labels(labels).build());
        } else {
            gauges.add(GaugeDataPointSnapshot.builder().value(value).labels(labels).build());
        }
        return this;
    }

    public MetricSnapshot build() {
        if (counter) {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
            counters.forEach(b::dataPoint);
            return b.build();
        }
        GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
        gauges.forEach(b::dataPoint);
        return b.build();
    }
}
