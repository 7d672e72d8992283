package dev.petrel.namesrv.processor;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.namesrv.ConfigStoreFile;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.namesrv.NamesrvWriterLoop;
import dev.petrel.protocol.body.MalformedBodyException;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * UPDATE_NAMESRV_CONFIG (318) and GET_NAMESRV_CONFIG (319); both bodies are {@code java.util.Properties} text.
 *
 * <p>An update is all or nothing: it is refused (and nothing changes) if it names a property in
 * {@code configBlackList} (NO_PERMISSION, Apache's remark), an unknown property, one that cannot change at runtime,
 * or a bad value (SYSTEM_ERROR naming it). Otherwise the changes are saved to {@code configStorePath} first and then
 * applied; they run on the writer thread, so two updates never interleave.
 */
public final class NamesrvConfigProcessor extends NamesrvProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(NamesrvConfigProcessor.class);
    static final String BLACK_LIST_REMARK = "Can not update config in black list.";

    private final NamesrvConfig config;
    private final NamesrvWriterLoop writer;

    public NamesrvConfigProcessor(NamesrvConfig config, NamesrvWriterLoop writer) {
        this.config = config;
        this.writer = writer;
    }

    @Override
    RemotingCommand handle(RequestContext context, RemotingCommand request) throws BadRequest {
        return switch (request.code()) {
            case RequestCode.GET_NAMESRV_CONFIG -> success(request, null, PropertiesBodyCodec.encode(currentValues()));
            case RequestCode.UPDATE_NAMESRV_CONFIG -> update(context, request);
            default -> throw new IllegalArgumentException("not a config request: " + request.code());
        };
    }

    private Map<String, String> currentValues() {
        Map<String, String> values = new LinkedHashMap<>();
        Config all = config.values();
        for (ConfigKey<?> key : all.definition().keys()) {
            Object value = all.get(key);
            if (value != null) {
                values.put(key.name(), key.format(value));
            }
        }
        return values;
    }

    private RemotingCommand update(RequestContext context, RemotingCommand request) throws BadRequest {
        if (request.body() == null) {
            return success(request);
        }
        Map<String, String> changes;
        try {
            changes = PropertiesBodyCodec.decode(request.body());
        } catch (MalformedBodyException e) {
            throw new BadRequest(ResponseCode.SYSTEM_ERROR, "string2Properties error: " + e.getMessage());
        }
        Set<String> blackList = config.configBlackList();
        List<String> refused = new ArrayList<>();
        for (String name : changes.keySet()) {
            if (blackList.contains(name)) {
                refused.add(name);
            }
        }
        if (!refused.isEmpty()) {
            throw new BadRequest(ResponseCode.NO_PERMISSION, BLACK_LIST_REMARK + " " + String.join(", ", refused)
                + " may only be changed in the configuration file (configBlackList: " + String.join(";", blackList) + ")");
        }
        validate(changes);
        String from = context.remoteAddress();
        return later(context, request, () -> writer.submit(() -> {
            ConfigStoreFile store = new ConfigStoreFile(config.configStorePath());
            try {
                store.update(changes);
            } catch (IOException e) {
                return request.response(ResponseCode.SYSTEM_ERROR, "cannot save the changes to " + store.path() + ": " + e
                    + "; nothing was changed");
            }
            changes.forEach(config.values()::update);
            LOG.info("configuration updated by {}: {} (saved to {})", from, changes, store.path());
            return success(request);
        }));
    }

    /** Every change must name a known, runtime-changeable property with a valid value. */
    private void validate(Map<String, String> changes) throws BadRequest {
        Config all = config.values();
        for (Map.Entry<String, String> change : changes.entrySet()) {
            ConfigKey<?> key = all.definition().key(change.getKey());
            if (key == null) {
                throw new BadRequest(ResponseCode.SYSTEM_ERROR, "unknown property " + change.getKey()
                    + "; GET_NAMESRV_CONFIG lists the NameServer's properties; nothing was changed");
            }
            if (!key.isDynamic()) {
                throw new BadRequest(ResponseCode.SYSTEM_ERROR, "property " + key.name() + " cannot be changed at "
                    + "runtime; set it in the configuration file and restart; nothing was changed");
            }
            try {
                key.parse(change.getValue());
            } catch (ConfigException e) {
                throw new BadRequest(ResponseCode.SYSTEM_ERROR, e.getMessage() + "; nothing was changed");
            }
        }
    }
}
