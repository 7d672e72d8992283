package dev.petrel.broker.ha;

import dev.petrel.broker.offset.ConsumerOffsetTable;

import java.util.HashMap;
import java.util.Map;

/**
 * How a slave adopts its master's consumer offsets without losing the commits it took while the master was down.
 *
 * <p>RocketMQ overwrites the slave's table key by key with the master's on every sync (ha.md §1.10), so when a master
 * returns with the offsets it had when it died, the slave forgets what consumers committed to it meanwhile, and a
 * second master loss (or a consumer restart reading the slave) re-delivers all of it. Petrel remembers, per queue, the
 * master's value it adopted last:
 * <ul>
 *   <li>the master's value changed since then (consumers commit to it again, or an operator reset it): the master's
 *   value is newer and wins;</li>
 *   <li>the master's value is unchanged but the slave's differs from it: a consumer committed on the slave since the
 *   last sync (the master was down or unreachable), and the slave keeps its own value until the master's moves;</li>
 *   <li>the first sync after the slave starts knows no history: the master wins (a duplicate is safer than a skip).</li>
 * </ul>
 * Offsets only the slave has stay, as in RocketMQ. Each adoption is a compare-and-set against the slave's current
 * value ({@link ConsumerOffsetTable#replaceIf}), so a commit racing with the sync is never overwritten.
 *
 * <p>Threading: the SlaveSynchronize thread only.
 */
public final class OffsetReconciler {

    /** What one sync did. */
    public record Outcome(int adopted, int keptLocal) {
    }

    private final ConsumerOffsetTable table;
    /** topic@group → queue → the master's value adopted (or seen equal) last. */
    private final Map<String, Map<Integer, Long>> lastMaster = new HashMap<>();

    public OffsetReconciler(ConsumerOffsetTable table) {
        this.table = table;
    }

    public Outcome apply(Map<String, Map<Integer, Long>> master) {
        int adopted = 0;
        int kept = 0;
        for (Map.Entry<String, Map<Integer, Long>> e : master.entrySet()) {
            String key = e.getKey();
            if (key == null || e.getValue() == null) {
                continue;
            }
            Map<Integer, Long> last = lastMaster.computeIfAbsent(key, k -> new HashMap<>());
            for (Map.Entry<Integer, Long> q : e.getValue().entrySet()) {
                if (q.getKey() == null || q.getValue() == null) {
                    continue;
                }
                int queue = q.getKey();
                long m = q.getValue();
                long current = table.query(key, queue);
                Long seen = last.get(queue);
                if (seen != null && seen == m && current != m) {
                    kept++;
                    continue;
                }
                if (current == m || table.replaceIf(key, queue, current, m)) {
                    if (current != m) {
                        adopted++;
                    }
                    last.put(queue, m);
                }
                // else a commit raced: the next sync decides again
            }
        }
        return new Outcome(adopted, kept);
    }
}
