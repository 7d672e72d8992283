package dev.petrel.broker.admin;

import dev.petrel.broker.processor.Replies;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.MalformedBodyException;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.GetBrokerConfigResponseHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The broker's own state for admins: GET_BROKER_CONFIG (26), UPDATE_BROKER_CONFIG (25), GET_BROKER_RUNTIME_INFO
 * (28) and GET_BROKER_HA_STATUS (907). Updates are all-or-nothing: every key must exist and be dynamic and every value valid, or nothing changes
 * and the remark says which key is wrong; accepted changes are handed to {@code onUpdate} (which persists them and
 * reacts, e.g. re-registers after a permission change). Runs on the admin threads; updates are serialised here.
 */
public final class BrokerAdminProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerAdminProcessor.class);
    private static final RecordHeaderCodec<GetBrokerConfigResponseHeader> CONFIG_RESPONSE =
        RecordHeaderCodec.of(GetBrokerConfigResponseHeader.class);

    private final Config config;
    private final Clock clock;
    private final Supplier<Map<String, String>> runtimeInfo;
    private final Consumer<Map<String, String>> onUpdate;
    private final Supplier<HaRuntimeInfo> haStatus;
    private DataVersion version;

    /**
     * @param runtimeInfo builds the GET_BROKER_RUNTIME_INFO table
     * @param onUpdate    told of every accepted change (name → new text value)
     */
    public BrokerAdminProcessor(Config config, Clock clock, Supplier<Map<String, String>> runtimeInfo,
                                Consumer<Map<String, String>> onUpdate) {
        this(config, clock, runtimeInfo, onUpdate, () -> null);
    }

    /** @param haStatus the replication's status for GET_BROKER_HA_STATUS; null while it has none (not started) */
    public BrokerAdminProcessor(Config config, Clock clock, Supplier<Map<String, String>> runtimeInfo,
                                Consumer<Map<String, String>> onUpdate, Supplier<HaRuntimeInfo> haStatus) {
        this.haStatus = haStatus;
        this.config = config;
        this.clock = clock;
        this.runtimeInfo = runtimeInfo;
        this.onUpdate = onUpdate;
        this.version = DataVersion.initial(clock.millis());
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.GET_BROKER_CONFIG -> getConfig(request);
            case RequestCode.UPDATE_BROKER_CONFIG -> updateConfig(ctx, request);
            case RequestCode.GET_BROKER_RUNTIME_INFO -> Replies.okJson(request, KVTable.CODEC, new KVTable(runtimeInfo.get()));
            case RequestCode.GET_BROKER_HA_STATUS -> haStatus(request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a broker admin request");
        };
    }

    private RemotingCommand haStatus(RemotingCommand request) {
        HaRuntimeInfo status = haStatus.get();
        if (status == null) {
            // Apache's remark when its store has no HA service; here: replication not started yet
            return request.response(ResponseCode.SYSTEM_ERROR, "Can not get HARuntimeInfo: the broker's replication "
                + "has not started yet; retry once the broker is up");
        }
        return Replies.okJson(request, HaRuntimeInfo.CODEC, status);
    }

    private synchronized RemotingCommand getConfig(RemotingCommand request) {
        String versionJson = new String(DataVersion.CODEC.encode(version), java.nio.charset.StandardCharsets.UTF_8);
        return request.newResponse(ResponseCode.SUCCESS)
            .extFields(CONFIG_RESPONSE.encode(new GetBrokerConfigResponseHeader(versionJson)))
            .body(PropertiesBodyCodec.encode(config.asText())).build();
    }

    private synchronized RemotingCommand updateConfig(RequestContext ctx, RemotingCommand request) {
        Map<String, String> changes;
        try {
            changes = PropertiesBodyCodec.decode(request.body());
        } catch (MalformedBodyException e) {
            return request.response(ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
        for (Map.Entry<String, String> e : changes.entrySet()) {
            ConfigKey<?> key = config.definition().key(e.getKey());
            if (key == null) {
                return request.response(ResponseCode.SYSTEM_ERROR, "unknown broker property " + e.getKey()
                    + "; nothing was changed");
            }
            if (!key.isDynamic()) {
                return request.response(ResponseCode.NO_PERMISSION, "property " + e.getKey() + " cannot be changed at "
                    + "runtime; set it in broker.conf and restart the broker. Nothing was changed");
            }
            try {
                key.parse(e.getValue());
            } catch (ConfigException ex) {
                return request.response(ResponseCode.SYSTEM_ERROR, ex.getMessage() + "; nothing was changed");
            }
        }
        Map<String, String> applied = new LinkedHashMap<>();
        changes.forEach((name, value) -> {
            config.update(name, value);
            applied.put(name, value);
        });
        if (!applied.isEmpty()) {
            version = version.next(clock.millis());
            LOG.info("broker config updated by {}: {}", ctx.remoteAddress(), applied);
            onUpdate.accept(applied);
        }
        return Replies.ok(request);
    }
}
