package dev.petrel.admin.command;

import dev.petrel.protocol.frame.RemotingVersion;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** How mqadmin writes times, permissions, versions and cut-off names, so our tables read the same. */
final class Formats {

    /** {@code UtilAll.timeMillisToHumanString2}: local time with milliseconds. */
    static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");
    static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    /** The form mqadmin's {@code -s}/{@code -b}/{@code -e} time flags accept besides epoch millis. */
    static final DateTimeFormatter FLAG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'#'HH:mm:ss:SSS");

    private Formats() {
    }

    static String millis(long epochMillis) {
        return MILLIS.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    static String seconds(long epochMillis) {
        return SECONDS.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    /** {@code PermName.perm2String}: read, write, inherit, e.g. 6 → {@code RW-}. */
    static String perm(int perm) {
        return ((perm & 4) != 0 ? "R" : "-") + ((perm & 2) != 0 ? "W" : "-") + ((perm & 1) != 0 ? "X" : "-");
    }

    /** A client's or broker's version number as mqadmin names it ({@code V5_3_1}); other numbers as they are. */
    static String version(int version) {
        return switch (version) {
            case RemotingVersion.V5_3_1 -> "V5_3_1";
            case RemotingVersion.V5_0_0 -> "V5_0_0";
            case RemotingVersion.V4_9_4 -> "V4_9_4";
            default -> Integer.toString(version);
        };
    }

    /** {@code UtilAll.frontStringAtLeast}: at most {@code n} characters (it truncates, despite the name). */
    static String cut(String s, int n) {
        if (s == null) {
            return "";
        }
        return s.length() > n ? s.substring(0, n) : s;
    }
}
