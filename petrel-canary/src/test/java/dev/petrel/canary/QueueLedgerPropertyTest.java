package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The ring-buffer ledger against a model that remembers everything in plain lists, over random histories of sends
 * (acknowledged, failed, unconfirmed), receipts of any number sent so far (so duplicates, gaps and reordering all
 * occur) and steps of time. While the window holds the whole history the two must agree on every count after every
 * step; with a small window the ledger's memory stays fixed and its counts stay consistent.
 */
class QueueLedgerPropertyTest {

    private static final long GRACE = 50;

    enum Kind { ACK, FAIL, UNCONFIRMED, RECEIVE, ADVANCE }

    record Step(Kind kind, int arg) {
    }

    /** The naive model: one entry per number ever opened. */
    private static final class Model {
        final List<long[]> slots = new ArrayList<>(); // {state 0 open / 1 acked / 2 unconfirmed, ackAt, receipts, lost}
        boolean open;
        long highest = -1;
        long sent;
        long attempts;
        long failed;
        long acked;
        long unconfirmed;
        long received;
        long lost;
        long duplicated;
        long outOfOrder;
        long late;
        long unmatched;

        long begin() {
            if (!open) {
                slots.add(new long[] {0, 0, 0, 0});
                open = true;
                sent++;
            }
            attempts++;
            return slots.size() - 1;
        }

        void receive(long seq) {
            if (seq < 0 || seq >= slots.size()) {
                unmatched++;
                return;
            }
            long[] s = slots.get((int) seq);
            s[2]++;
            if (s[2] > 1) {
                duplicated++;
                return;
            }
            received++;
            if (seq < highest) {
                outOfOrder++;
            }
            highest = Math.max(highest, seq);
            if (s[3] == 1) {
                late++;
            }
        }

        void expire(long now) {
            for (long[] s : slots) {
                if (s[0] == 1 && s[2] == 0 && s[3] == 0 && now - s[1] >= GRACE) {
                    s[3] = 1;
                    lost++;
                }
            }
        }

        long pending() {
            return slots.stream().filter(s -> s[0] == 1 && s[2] == 0 && s[3] == 0).count();
        }

        CanaryReport.Counts counts() {
            return new CanaryReport.Counts(sent, attempts, failed, acked, unconfirmed, received, pending(), lost,
                duplicated, outOfOrder, late, unmatched);
        }
    }

    @Provide
    Arbitrary<List<Step>> histories() {
        Arbitrary<Step> step = Combinators.combine(
            Arbitraries.frequency(Tuple.of(5, Kind.ACK), Tuple.of(2, Kind.FAIL), Tuple.of(1, Kind.UNCONFIRMED),
                Tuple.of(6, Kind.RECEIVE), Tuple.of(3, Kind.ADVANCE)),
            Arbitraries.integers().between(0, 1_000)).as(Step::new);
        return step.list().ofMaxSize(300);
    }

    @Property(tries = 300)
    void agreesWithAModelThatRemembersEverything(@ForAll("histories") List<Step> history) {
        QueueLedger ledger = new QueueLedger(1_024, GRACE);
        Model model = new Model();
        long now = 0;
        for (Step step : history) {
            switch (step.kind()) {
                case ACK -> {
                    long seq = ledger.beginAttempt();
                    assertThat(seq).isEqualTo(model.begin());
                    ledger.acknowledged(seq, now);
                    long[] s = model.slots.get((int) seq);
                    s[0] = 1;
                    s[1] = now;
                    model.open = false;
                    model.acked++;
                }
                case FAIL -> {
                    long seq = ledger.beginAttempt();
                    assertThat(seq).isEqualTo(model.begin());
                    ledger.attemptFailed(seq);
                    model.failed++;
                }
                case UNCONFIRMED -> {
                    long seq = ledger.beginAttempt();
                    assertThat(seq).isEqualTo(model.begin());
                    ledger.unconfirmed(seq);
                    model.slots.get((int) seq)[0] = 2;
                    model.open = false;
                    model.unconfirmed++;
                }
                case RECEIVE -> {
                    // mostly a number already opened (duplicates, reordering), sometimes one never sent
                    long seq = model.slots.isEmpty() || step.arg() % 17 == 0 ? model.slots.size() + step.arg() % 3
                        : step.arg() % model.slots.size();
                    ledger.received(seq);
                    model.receive(seq);
                }
                case ADVANCE -> {
                    now += step.arg() % 40;
                    ledger.expire(now);
                    model.expire(now);
                }
                default -> throw new IllegalStateException();
            }
            assertThat(ledger.counts()).as("after %s", step).isEqualTo(model.counts());
        }
    }

    @Property(tries = 200)
    void aSmallWindowKeepsItsCountsConsistent(@ForAll("histories") List<Step> history) {
        QueueLedger ledger = new QueueLedger(8, GRACE);
        long now = 0;
        long opened = 0;
        for (Step step : history) {
            switch (step.kind()) {
                case ACK -> ledger.acknowledged(ledger.beginAttempt(), now);
                case FAIL -> ledger.attemptFailed(ledger.beginAttempt());
                case UNCONFIRMED -> ledger.unconfirmed(ledger.beginAttempt());
                case RECEIVE -> ledger.received(opened == 0 ? 0 : step.arg() % (opened + 2));
                case ADVANCE -> {
                    now += step.arg() % 40;
                    ledger.expire(now);
                }
                default -> throw new IllegalStateException();
            }
            opened = ledger.counts().sent();
            CanaryReport.Counts c = ledger.counts();
            assertThat(c.pending()).isBetween(0L, 8L);
            assertThat(c.pending() + c.lost()).isLessThanOrEqualTo(c.acked());
            assertThat(c.acked() + c.unconfirmed()).isBetween(c.sent() - 1, c.sent());
            assertThat(c.late()).isLessThanOrEqualTo(c.lost());
            assertThat(c.received()).isLessThanOrEqualTo(c.sent());
        }
    }
}
