package dev.petrel.compat.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.message.filter.MessageFilter;
import dev.petrel.message.filter.TagFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.rocketmq.broker.filter.ExpressionMessageFilter;
import org.apache.rocketmq.remoting.protocol.filter.FilterAPI;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

/**
 * Petrel's TAG expressions against Apache RocketMQ 5.3.1: the client's parsing ({@code FilterAPI}) and the broker's
 * ConsumeQueue check ({@code ExpressionMessageFilter.isMatchedByConsumeQueue}) on random expressions and tag codes.
 */
class TagFilterCompatTest {

    private static final List<String> PIECES = List.of("TagA", "TagB", "*", " ", "||", "|", "  ||  ", "Aa", "BB",
        "tag with space", "", "\t", "polygenelubricants");

    @Test
    void parsingAndBrokerMatchingAgreeWithApache() throws Exception {
        Random random = new Random(42);
        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            String expression = randomExpression(random);
            SubscriptionData apache;
            try {
                apache = FilterAPI.buildSubscriptionData("TopicTest", expression);
            } catch (Exception e) {
                apache = null;
            }
            FilterCompilation petrel = FilterCompiler.compile(MessageFilter.TAG, expression);
            if ((apache != null) != petrel.isValid()) {
                disagreements.add("acceptance of [" + expression + "]: Apache " + apache + ", Petrel " + petrel);
                continue;
            }
            if (apache == null) {
                continue;
            }
            TagFilter filter = (TagFilter) petrel.filter();
            if (!filter.tags().equals(apache.getTagsSet())) {
                disagreements.add("tags of [" + expression + "]: Apache " + apache.getTagsSet() + ", Petrel "
                    + filter.tags());
            }
            ExpressionMessageFilter broker = new ExpressionMessageFilter(apache, null, null);
            for (String tag : List.of("TagA", "TagB", "*", "BB", "Aa", "tag with space", "other",
                "polygenelubricants")) {
                long[] codes = {tag.hashCode(), tag.hashCode() & 0xFFFF_FFFFL, 0L, random.nextInt()};
                for (long code : codes) {
                    if (filter.matchesTagCode(code) != broker.isMatchedByConsumeQueue(code, null)) {
                        disagreements.add("tag code " + code + " for [" + expression + "]");
                    }
                }
                boolean apacheClientKeeps = apache.getTagsSet().isEmpty() || apache.getTagsSet().contains(tag);
                if (filter.matchesTags(tag) != apacheClientKeeps) {
                    disagreements.add("client re-check of " + tag + " for [" + expression + "]");
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }

    private static String randomExpression(Random random) {
        if (random.nextInt(20) == 0) {
            return random.nextBoolean() ? null : "";
        }
        StringBuilder expression = new StringBuilder();
        int parts = 1 + random.nextInt(5);
        for (int p = 0; p < parts; p++) {
            expression.append(PIECES.get(random.nextInt(PIECES.size())));
        }
        return expression.toString();
    }
}
