package dev.petrel.client.internal;

import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import java.util.Map;

/** Builds request commands from typed header records (encoded by {@link RecordHeaderCodec}). */
public final class Requests {

    private Requests() {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Map<String, String> fields(Record header) {
        return RecordHeaderCodec.of((Class) header.getClass()).encode(header);
    }

    /** A request with {@code header} as its ext fields (an all-null header still writes {@code "extFields":{}}). */
    public static RemotingCommand of(int code, Record header, byte[] body) {
        return RemotingCommand.request(code, fields(header), body);
    }

    /** A request without any ext fields (CHECK_CLIENT_CONFIG, GET_BROKER_CLUSTER_INFO, ...). */
    public static RemotingCommand bare(int code, byte[] body) {
        return RemotingCommand.request(code, null, body);
    }

    /** Reads a typed response header; a malformed one is the server's fault. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T extends Record> T header(RemotingCommand response, Class<T> type, String address, String what) {
        var decoded = RecordHeaderCodec.of(type).decode(response.extFields());
        if (!decoded.isOk()) {
            throw new dev.petrel.client.BrokerException(dev.petrel.protocol.code.ResponseCode.SYSTEM_ERROR,
                "malformed response header: " + decoded.errorMessage(), address, what);
        }
        return decoded.value();
    }
}
