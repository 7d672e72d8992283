package dev.petrel.store.cleanup;

import java.util.HashSet;
import java.util.Set;

/**
 * Decides, from the time of day and the disk use, what a clean run may do (storage-layout.md §8). Pure: no I/O, no
 * clock; the clean loop feeds it.
 */
public final class CleanPolicy {

    /** @param deleteExpired delete files older than fileReservedTime; @param ignoreAge delete regardless of age;
     *  @param diskFull refuse appends */
    public record Decision(boolean deleteExpired, boolean ignoreAge, boolean diskFull, String reason) {
    }

    private final Set<Integer> deleteHours = new HashSet<>();
    private final double maxUsed;
    private final double forcibly;
    private final double warning;
    private final boolean cleanForciblyEnable;

    public CleanPolicy(String deleteWhen, int diskMaxUsedSpaceRatio, int diskSpaceCleanForciblyRatio,
                       int diskSpaceWarningLevelRatio, boolean cleanFileForciblyEnable) {
        for (String h : deleteWhen.split(";")) {
            if (!h.isBlank()) {
                deleteHours.add(Integer.parseInt(h.trim()));
            }
        }
        this.maxUsed = diskMaxUsedSpaceRatio / 100.0;
        this.forcibly = diskSpaceCleanForciblyRatio / 100.0;
        this.warning = diskSpaceWarningLevelRatio / 100.0;
        this.cleanForciblyEnable = cleanFileForciblyEnable;
    }

    public Decision decide(int hourOfDay, double diskUsedRatio, boolean manual) {
        String pct = String.format("%.1f%%", diskUsedRatio * 100);
        if (diskUsedRatio > warning) {
            return new Decision(true, cleanForciblyEnable, true, "disk is " + pct + " full, above diskSpaceWarningLevelRatio "
                + Math.round(warning * 100) + "%; appends are refused until files are deleted or space is freed");
        }
        if (diskUsedRatio > forcibly) {
            return new Decision(true, cleanForciblyEnable, false, "disk is " + pct + " full, above diskSpaceCleanForciblyRatio");
        }
        if (diskUsedRatio > maxUsed) {
            return new Decision(true, false, false, "disk is " + pct + " full, above diskMaxUsedSpaceRatio");
        }
        if (manual || deleteHours.contains(hourOfDay)) {
            return new Decision(true, false, false, manual ? "requested" : "deleteWhen hour " + hourOfDay);
        }
        return new Decision(false, false, false, "nothing to do");
    }
}
