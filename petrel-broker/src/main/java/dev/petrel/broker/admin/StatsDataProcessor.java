package dev.petrel.broker.admin;

import dev.petrel.broker.processor.Replies;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.stats.StatsTable;
import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.BrokerStatsItem;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.ViewBrokerStatsDataRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;

/**
 * VIEW_BROKER_STATS_DATA (315): one named statistic's minute, hour and day windows ({@link StatsTable}), what
 * {@code mqadmin statsAll} asks for per topic ({@code TOPIC_PUT_NUMS}) and per {@code topic@group}
 * ({@code GROUP_GET_NUMS}). A name Petrel does not keep, or a key without data, is SYSTEM_ERROR with Apache's remark
 * ({@code The stats <name> <key> not exist}), which statsAll reads as "nothing yet". Runs on the admin threads.
 */
public final class StatsDataProcessor implements RequestProcessor {

    private static final RecordHeaderCodec<ViewBrokerStatsDataRequestHeader> HEADER =
        RecordHeaderCodec.of(ViewBrokerStatsDataRequestHeader.class);

    private final BrokerStats stats;

    public StatsDataProcessor(BrokerStats stats) {
        this.stats = stats;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        Decoded<ViewBrokerStatsDataRequestHeader> d = HEADER.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        String name = d.value().statsName();
        String key = d.value().statsKey();
        StatsTable.Snapshot s = stats.statsData(name, key);
        if (s == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, String.format("The stats <%s> <%s> not exist", name, key)
                + (StatsTable.NAMES.contains(name) ? "" : "; this broker keeps " + new java.util.TreeSet<>(StatsTable.NAMES)));
        }
        return Replies.okJson(request, BrokerStatsData.CODEC,
            new BrokerStatsData(item(s.day()), item(s.hour()), item(s.minute())));
    }

    private static BrokerStatsItem item(StatsTable.Window w) {
        return new BrokerStatsItem(w.avgpt(), w.sum(), w.tps());
    }
}
