package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.MessageQueue;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;

/**
 * Consumption time span of one queue, in QUERY_CONSUME_TIME_SPAN. Like fastjson, the JSON also carries the derived
 * strings {@code consumeTimeStampStr}, {@code maxTimeStampStr} and {@code minTimeStampStr}
 * ({@code yyyy-MM-dd#HH:mm:ss:SSS} in the JVM's time zone); they are ignored when reading.
 *
 * @param consumeTimeStamp store time of the last consumed message
 * @param delayTime        {@code maxTimeStamp - consumeTimeStamp}
 * @param maxTimeStamp     store time of the newest message
 * @param messageQueue     the queue
 * @param minTimeStamp     store time of the oldest message
 */
public record QueueTimeSpan(
    long consumeTimeStamp,
    long delayTime,
    long maxTimeStamp,
    MessageQueue messageQueue,
    long minTimeStamp) {

    /** UtilAll.YYYY_MM_DD_HH_MM_SS_SSS, with the year printed as SimpleDateFormat prints it. */
    private static final DateTimeFormatter HUMAN = new DateTimeFormatterBuilder()
        .appendValue(ChronoField.YEAR_OF_ERA, 4, 19, SignStyle.NORMAL)
        .appendPattern("-MM-dd'#'HH:mm:ss:SSS")
        .toFormatter();

    // Getter-style names on purpose: the JSON codec writes getX() methods as derived properties, like fastjson.
    public String getConsumeTimeStampStr() {
        return human(consumeTimeStamp);
    }

    public String getMaxTimeStampStr() {
        return human(maxTimeStamp);
    }

    public String getMinTimeStampStr() {
        return human(minTimeStamp);
    }

    private static String human(long millis) {
        return HUMAN.format(Instant.ofEpochMilli(millis).atZone(ZoneId.systemDefault()));
    }
}
