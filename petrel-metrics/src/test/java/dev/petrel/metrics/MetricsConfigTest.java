package dev.petrel.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsConfigTest {

    @Test
    void theDefaultsAreRocketMqsPortsAndTheLabelsParse() {
        Config broker = MetricsConfig.BROKER.parse(Map.of("metricsExporterType", "prom", "metricsLabel", "dc:eu, rack:r1"),
            unknown -> { });
        MetricsConfig.Settings s = MetricsConfig.settings(broker, MetricsConfig.BROKER_PROM_EXPORTER_PORT);
        assertThat(s.enabled()).isTrue();
        assertThat(s.port()).isEqualTo(5557);
        assertThat(s.labels()).containsExactlyInAnyOrderEntriesOf(Map.of("dc", "eu", "rack", "r1"));
        Config namesrv = MetricsConfig.NAMESRV.parse(Map.of("metricsExporterType", "DISABLE"), unknown -> { });
        MetricsConfig.Settings n = MetricsConfig.settings(namesrv, MetricsConfig.NAMESRV_PROM_EXPORTER_PORT);
        assertThat(n.enabled()).isFalse();
        assertThat(n.port()).isEqualTo(5558);
    }

    @Test
    void pushExportersAndBadLabelsAreRefusedWithTheirNames() {
        Config otlp = MetricsConfig.BROKER.parse(Map.of("metricsExporterType", "OTLP_GRPC"), unknown -> { });
        assertThatThrownBy(() -> MetricsConfig.settings(otlp, MetricsConfig.BROKER_PROM_EXPORTER_PORT))
            .isInstanceOf(ConfigException.class).hasMessageContaining("metricsExporterType=OTLP_GRPC")
            .hasMessageContaining("PROM");
        assertThatThrownBy(() -> MetricsConfig.BROKER.parse(Map.of("metricsLabel", "no-colon"), unknown -> { }))
            .isInstanceOf(ConfigException.class).hasMessageContaining("metricsLabel");
    }

    @Test
    void aBucketHistogramCountsEachValueInTheFirstBucketThatHoldsIt() {
        BucketHistogram h = new BucketHistogram(new double[] {1, 10});
        for (long v : new long[] {0, 1, 2, 10, 11, 500}) {
            h.record(v);
        }
        HistogramDataPointSnapshot p = h.dataPoint(Labels.EMPTY);
        assertThat(p.getClassicBuckets().getCount(0)).isEqualTo(2); // 0, 1
        assertThat(p.getClassicBuckets().getCount(1)).isEqualTo(2); // 2, 10
        assertThat(p.getClassicBuckets().getCount(2)).isEqualTo(2); // 11, 500 (+Inf)
        assertThat(p.getCount()).isEqualTo(6);
        assertThat(p.getSum()).isEqualTo(524);
    }

    @Test
    void camelCaseCounterNamesBecomeSnakeCase() {
        assertThat(CounterTable.snake("framesIn")).isEqualTo("frames_in");
        assertThat(CounterTable.snake("busyRejections")).isEqualTo("busy_rejections");
    }
}
