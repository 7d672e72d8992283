package dev.petrel.message.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The compile facade and the bounded cache. */
class FilterCompilerTest {

    @Test
    void typesAreCaseSensitiveAndUnknownTypesAreRejected() {
        assertThat(FilterCompiler.compile("SQL92", "a = 1").filter()).isInstanceOf(Sql92Filter.class);
        assertThat(FilterCompiler.compile("TAG", "a = 1").filter()).isInstanceOf(TagFilter.class);
        FilterError lower = FilterCompiler.compile("sql92", "a = 1").error().orElseThrow();
        assertThat(lower.message()).isEqualTo(
            "sql92 expression \"a = 1\" is invalid: expression type \"sql92\" is not supported; use TAG or SQL92");
        assertThat(FilterCompiler.compile("CLASS", "x").isValid()).isFalse();
        assertThat(FilterCompiler.isTagType("tag")).isFalse();
    }

    @Test
    void aRejectedCompilationExplainsItselfWhenItsFilterIsAskedFor() {
        FilterCompilation bad = FilterCompiler.compile("SQL92", "a > 'x'");
        assertThat(bad.isValid()).isFalse();
        assertThatThrownBy(bad::filter).isInstanceOf(IllegalStateException.class)
            .hasMessage(bad.error().orElseThrow().message());
        assertThat(bad.toString()).isEqualTo(bad.error().orElseThrow().message());
    }

    @Test
    void canonicalSqlCompilesToAnEqualTree() {
        Sql92Filter filter = (Sql92Filter) FilterCompiler.compile("SQL92",
            "a > 5 AND b IN ('x','y') AND c IS NOT NULL OR NOT d = 'it''s' AND e NOT BETWEEN -1 AND 2.5").filter();
        Sql92Filter again = (Sql92Filter) FilterCompiler.compile("SQL92", filter.canonicalSql()).filter();
        assertThat(again.root()).isEqualTo(filter.root());
        assertThat(again.canonicalSql()).isEqualTo(filter.canonicalSql());
    }

    @Test
    void cacheReturnsTheSameCompilationIncludingFailures() {
        FilterCache cache = new FilterCache(10);
        FilterCompilation first = cache.compile("SQL92", "a = 1");
        assertThat(cache.compile("SQL92", "a = 1")).isSameAs(first);
        FilterCompilation bad = cache.compile("SQL92", "a = ");
        assertThat(bad.isValid()).isFalse();
        assertThat(cache.compile("SQL92", "a = ")).isSameAs(bad);
        // The same text as a TAG expression is a different entry; null, "" and TAG share theirs.
        FilterCompilation tag = cache.compile(null, "a = 1");
        assertThat(tag.filter()).isInstanceOf(TagFilter.class);
        assertThat(cache.compile("TAG", "a = 1")).isSameAs(tag);
        assertThat(cache.compile("", "a = 1")).isSameAs(tag);
        assertThat(cache.size()).isEqualTo(3);
    }

    @Test
    void cacheIsBoundedAndEvictsTheOldestFirst() {
        FilterCache cache = new FilterCache(3);
        FilterCompilation oldest = cache.compile("SQL92", "a = 0");
        for (int i = 1; i <= 3; i++) {
            cache.compile("SQL92", "a = " + i);
        }
        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.compile("SQL92", "a = 3")).isSameAs(cache.compile("SQL92", "a = 3"));
        assertThat(cache.compile("SQL92", "a = 0")).isNotSameAs(oldest);
        assertThat(cache.size()).isEqualTo(3);
    }

    @Test
    void hugeExpressionsAreCompiledButNotKept() {
        FilterCache cache = new FilterCache(3);
        String huge = "a = '" + "x".repeat(FilterCache.MAX_CACHED_EXPRESSION_CHARS) + "'";
        assertThat(cache.compile("SQL92", huge).isValid()).isTrue();
        assertThat(cache.size()).isZero();
    }

    @Test
    void cacheRejectsANonPositiveBound() {
        assertThatThrownBy(() -> new FilterCache(0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("maxEntries must be at least 1, got 0");
    }

    @Test
    void cacheIsSafeUnderConcurrentUse() throws Exception {
        FilterCache cache = new FilterCache(50);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    int matches = 0;
                    for (int i = 0; i < 20_000; i++) {
                        MessageFilter filter = cache.compile("SQL92", "a = " + (i % 200)).filter();
                        if (filter.matchesProperties(PropertyLookup.of(java.util.Map.of("a", "7")))) {
                            matches++;
                        }
                    }
                    return matches;
                }));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(100);
            }
            assertThat(cache.size()).isLessThanOrEqualTo(50 + threads);
        } finally {
            pool.shutdownNow();
        }
    }
}
