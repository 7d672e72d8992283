package dev.petrel.compat.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.message.filter.MatchResult;
import dev.petrel.message.filter.MessageFilter;
import dev.petrel.message.filter.PropertyLookup;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.broker.filter.ConsumerFilterData;
import org.apache.rocketmq.broker.filter.ConsumerFilterManager;
import org.apache.rocketmq.broker.filter.ExpressionMessageFilter;
import org.apache.rocketmq.broker.filter.MessageEvaluationContext;
import org.apache.rocketmq.common.filter.ExpressionType;
import org.apache.rocketmq.filter.FilterFactory;
import org.apache.rocketmq.filter.expression.Expression;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Petrel's SQL92 filter against Apache RocketMQ 5.3.1's own (rocketmq-filter, as the broker calls it): on a large
 * seeded random set of selectors both must accept or both reject, and on every accepted selector both must give the
 * same result on random properties: TRUE, FALSE, null (UNKNOWN) or an exception (ERROR), which the broker turns into
 * match / no match.
 */
class Sql92FilterCompatTest {

    private static final int SELECTORS_PER_SEED = 6_000;
    private static final int MESSAGES_PER_SELECTOR = 12;

    /** Apache's outcome for a compiled selector on one message. */
    private static MatchResult.Kind apacheKind(Expression expression, Map<String, String> properties) {
        Object result;
        try {
            result = expression.evaluate(new MessageEvaluationContext(properties));
        } catch (Exception e) {
            return MatchResult.Kind.ERROR; // the broker logs it and skips the message
        }
        if (result == null) {
            return MatchResult.Kind.UNKNOWN;
        }
        return (Boolean) result ? MatchResult.Kind.TRUE : MatchResult.Kind.FALSE;
    }

    private static Expression apacheCompile(String selector) {
        try {
            return FilterFactory.INSTANCE.get(ExpressionType.SQL92).compile(selector);
        } catch (Exception e) {
            return null;
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1L, 20250101L, 0x5eed_5eedL})
    void acceptanceAndResultsAgreeWithApache(long seed) {
        Random random = new Random(seed);
        LooseSelectorGenerator generator = new LooseSelectorGenerator(random);
        List<String> disagreements = new ArrayList<>();
        int accepted = 0;
        Map<MatchResult.Kind, Integer> seen = new EnumMap<>(MatchResult.Kind.class);
        for (int i = 0; i < SELECTORS_PER_SEED && disagreements.size() < 20; i++) {
            String selector = generator.next();
            Expression apache = apacheCompile(selector);
            FilterCompilation petrel = FilterCompiler.compile(MessageFilter.SQL92, selector);
            if ((apache != null) != petrel.isValid()) {
                disagreements.add("acceptance of [" + selector + "]: Apache " + (apache != null ? "accepts" : "rejects")
                    + ", Petrel " + petrel);
                continue;
            }
            if (apache == null) {
                continue;
            }
            accepted++;
            for (int m = 0; m < MESSAGES_PER_SELECTOR; m++) {
                Map<String, String> properties = generator.properties();
                MatchResult.Kind expected = apacheKind(apache, properties);
                MatchResult actual = petrel.filter().evaluate(PropertyLookup.of(properties));
                seen.merge(actual.kind(), 1, Integer::sum);
                if (actual.kind() != expected) {
                    disagreements.add("[" + selector + "] on " + properties + ": Apache " + expected + ", Petrel "
                        + actual);
                    break;
                }
            }
        }
        assertThat(disagreements).as("disagreements with Apache RocketMQ (seed %d)", seed).isEmpty();
        // The comparison must not be vacuous: plenty accepted, and every kind of outcome exercised.
        assertThat(accepted).isGreaterThan(SELECTORS_PER_SEED / 5);
        assertThat(seen.keySet()).containsExactlyInAnyOrder(MatchResult.Kind.values());
        assertThat(seen.values()).allSatisfy(count -> assertThat(count).isGreaterThan(100));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "a > 5 AND b = 'abc'", "a > 5", "a > 5.0", "a BETWEEN 1 AND 3", "region IN ('hz','sh')", "flag = TRUE",
        "TAGS = 'TagA' OR KEYS IS NOT NULL", "NOT (a = 'x')", "NOT a = 'x'", "a = 1 xyz", "a = 1 -- c",
        "a = 0L AND b = 1", "TRUE = a", "'x' <> a", "a = -NULL", "a BETWEEN 5 AND -1", "(((a)))",
        "a CONTAINS 'x' OR a NOT STARTSWITH 'y'", "a = 1.0", "a IN ('x','y','z','w','v','u')"})
    void theBrokersMatchDecisionIsPetrelsIsMatch(String selector) {
        Expression apache = apacheCompile(selector);
        MessageFilter petrel = FilterCompiler.compile(MessageFilter.SQL92, selector).filter();
        SubscriptionData subscription = new SubscriptionData("TopicTest", selector);
        subscription.setExpressionType(ExpressionType.SQL92);
        ConsumerFilterData filterData = new ConsumerFilterData();
        filterData.setExpression(selector);
        filterData.setExpressionType(ExpressionType.SQL92);
        filterData.setCompiledExpression(apache);
        ExpressionMessageFilter broker = new ExpressionMessageFilter(subscription, filterData,
            new ConsumerFilterManager());
        LooseSelectorGenerator generator = new LooseSelectorGenerator(new Random(selector.hashCode()));
        for (int i = 0; i < 200; i++) {
            Map<String, String> properties = generator.properties();
            properties.put("region", random(generator, i));
            properties.put("flag", i % 2 == 0 ? "True" : "no");
            properties.put("KEYS", "k");
            assertThat(petrel.matchesProperties(PropertyLookup.of(properties)))
                .as("%s on %s", selector, properties)
                .isEqualTo(broker.isMatchedByCommitLog(null, properties));
            assertThat(petrel.matchesTagCode(i)).isTrue();
        }
    }

    private static String random(LooseSelectorGenerator generator, int i) {
        return List.of("hz", "sh", "bj").get(i % 3);
    }

    @Test
    void nestingBeyondPetrelsLimitIsTheOneDocumentedDifference() {
        String deep = "(".repeat(200) + "a = 1" + ")".repeat(200);
        assertThat(apacheCompile(deep)).isNotNull();
        assertThat(FilterCompiler.compile(MessageFilter.SQL92, deep).error().orElseThrow().reason())
            .isEqualTo("the expression nests deeper than 128 levels; simplify it");
    }
}
