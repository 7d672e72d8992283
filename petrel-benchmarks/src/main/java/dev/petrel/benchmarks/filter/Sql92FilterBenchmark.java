package dev.petrel.benchmarks.filter;

import dev.petrel.message.filter.FilterCache;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.message.filter.MatchResult;
import dev.petrel.message.filter.MessageFilter;
import dev.petrel.message.filter.PropertyLookup;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the broker pays per message and per subscription for SQL92 filtering: evaluating a typical selector against
 * a message's properties (matching, not matching, and failing a conversion), compiling it, and a cache hit.
 *
 * <p>Run: {@code java -cp <classpath> org.openjdk.jmh.Main Sql92FilterBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class Sql92FilterBenchmark {

    static final String TYPICAL = "a > 5 AND b IN ('x','y') AND c IS NOT NULL";

    private MessageFilter filter;
    private FilterCache cache;
    private PropertyLookup matching;
    private PropertyLookup notMatching;
    private PropertyLookup failing;

    @Setup
    public void setUp() {
        filter = FilterCompiler.compile(MessageFilter.SQL92, TYPICAL).filter();
        cache = new FilterCache(1000);
        cache.compile(MessageFilter.SQL92, TYPICAL);
        matching = PropertyLookup.of(message("7", "y", "z"));
        notMatching = PropertyLookup.of(message("3", "y", "z"));
        failing = PropertyLookup.of(message("7.5", "y", "z"));
    }

    /** A message's properties as the broker decodes them: system keys plus the user's. */
    private static Map<String, String> message(String a, String b, String c) {
        Map<String, String> properties = new HashMap<>();
        properties.put("TAGS", "TagA");
        properties.put("KEYS", "order-1234");
        properties.put("UNIQ_KEY", "7F0000010B2C18B4AAC27E3A6B2C0000");
        properties.put("WAIT", "true");
        properties.put("CLUSTER", "DefaultCluster");
        properties.put("a", a);
        properties.put("b", b);
        properties.put("c", c);
        return properties;
    }

    @Benchmark
    public MatchResult evaluateMatching() {
        return filter.evaluate(matching);
    }

    @Benchmark
    public MatchResult evaluateNotMatching() {
        return filter.evaluate(notMatching);
    }

    /** {@code a > 5} with {@code a = "7.5"}: the conversion fails, RocketMQ's "no match by exception". */
    @Benchmark
    public MatchResult evaluateConversionFailure() {
        return filter.evaluate(failing);
    }

    @Benchmark
    public Object compile() {
        return FilterCompiler.compile(MessageFilter.SQL92, TYPICAL);
    }

    @Benchmark
    public Object compileCached() {
        return cache.compile(MessageFilter.SQL92, TYPICAL);
    }
}
