package dev.petrel.compat.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.HeaderCodec;
import dev.petrel.protocol.header.RecordHeaderCodec;
import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * Compares a Petrel header with the Apache 5.3.1 header class holding the same values, in both directions:
 * Apache's {@code makeCustomHeaderToNet()} produces exactly Petrel's ext fields, Petrel decodes Apache's map to the same
 * header, and Apache's {@code decodeCommandCustomHeader} reads Petrel's map back to a header that Apache encodes to
 * the same map again.
 */
final class ApacheHeaders {

    private ApacheHeaders() {
    }

    /** {@code apacheExtras}: ext fields Apache adds outside the header class ({@code addExtField}). */
    static <T> void assertSame(int code, CommandCustomHeader apache, Map<String, String> apacheExtras, HeaderCodec<T> codec,
                               T petrel) {
        RemotingCommand out = RemotingCommand.createRequestCommand(code, apache);
        out.makeCustomHeaderToNet();
        apacheExtras.forEach(out::addExtField);
        Map<String, String> apacheFields = out.getExtFields() == null ? Map.of() : new HashMap<>(out.getExtFields());

        Map<String, String> petrelFields = codec.encode(petrel);
        assertThat(petrelFields).as("Petrel's ext fields vs Apache's makeCustomHeaderToNet").isEqualTo(apacheFields);

        Decoded<T> decoded = codec.decode(apacheFields);
        assertThat(decoded.isOk()).as("Petrel decoding Apache's fields: %s", decoded).isTrue();
        assertThat(decoded.value()).isEqualTo(petrel);

        CommandCustomHeader read = apacheDecode(code, petrelFields, apache.getClass());
        RemotingCommand again = RemotingCommand.createRequestCommand(code, read);
        again.makeCustomHeaderToNet();
        apacheExtras.forEach(again::addExtField);
        assertThat(again.getExtFields() == null ? Map.of() : again.getExtFields())
            .as("Apache decoding Petrel's fields and encoding them again").isEqualTo(apacheFields);
    }

    static <T extends Record> void assertSame(int code, CommandCustomHeader apache, T petrel) {
        assertSame(code, apache, Map.of(), generic(petrel), petrel);
    }

    static <T extends Record> void assertSame(int code, CommandCustomHeader apache, Map<String, String> extras, T petrel) {
        assertSame(code, apache, extras, generic(petrel), petrel);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Record> HeaderCodec<T> generic(T petrel) {
        return RecordHeaderCodec.of((Class<T>) petrel.getClass());
    }

    static CommandCustomHeader apacheDecode(int code, Map<String, String> fields, Class<? extends CommandCustomHeader> type) {
        RemotingCommand in = RemotingCommand.createRequestCommand(code, null);
        in.setExtFields(new HashMap<>(fields));
        try {
            return in.decodeCommandCustomHeader(type);
        } catch (RemotingCommandException e) {
            throw new AssertionError("Apache could not decode " + fields + ": " + e.getMessage(), e);
        }
    }

    /** Apache's error for {@code fields} decoded as {@code type}, or null when it decodes. */
    static String apacheDecodeError(int code, Map<String, String> fields, Class<? extends CommandCustomHeader> type) {
        RemotingCommand in = RemotingCommand.createRequestCommand(code, null);
        in.setExtFields(new HashMap<>(fields));
        try {
            in.decodeCommandCustomHeader(type);
            return null;
        } catch (RemotingCommandException e) {
            return e.getMessage();
        }
    }
}
