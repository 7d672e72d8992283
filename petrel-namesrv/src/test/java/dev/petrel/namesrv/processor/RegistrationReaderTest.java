package dev.petrel.namesrv.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.namesrv.route.BrokerRegistration;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class RegistrationReaderTest {

    private static final DataVersion V = new DataVersion(3, 0, 1_000);
    private static final RegisterBrokerBody BODY = new RegisterBrokerBody(List.of(),
        new TopicConfigAndMappingSerializeWrapper(V, V, Map.of("T1", TopicConfig.of("T1", 4, 4, 6),
            "TBW102", TopicConfig.of("TBW102", 8, 8, 7)), Map.of(), Map.of()));

    private static RegisterBrokerRequestHeader header(boolean compressed, int crc) {
        return new RegisterBrokerRequestHeader("broker-a", "10.0.0.1:10911", "C", "10.0.0.1:10912", 0L, 60_000L, true,
            compressed, crc, "z");
    }

    @Test
    void readsJsonCompressedAndPre3011Bodies() throws Exception {
        byte[] json = RegisterBrokerBodyCodec.encode(BODY, false);
        BrokerRegistration fromJson = RegistrationReader.read(header(false, RegisterBrokerBodyCodec.bodyCrc32(json)), json,
            475);
        assertThat(fromJson.topics()).containsOnlyKeys("T1", "TBW102");
        assertThat(fromJson.dataVersion()).isEqualTo(V);
        assertThat(fromJson.heartbeatTimeoutMillis()).isEqualTo(60_000L);
        assertThat(fromJson.enableActingMaster()).isTrue();
        assertThat(fromJson.zoneName()).isEqualTo("z");
        assertThat(fromJson.filterServers()).isEmpty();

        byte[] compressed = RegisterBrokerBodyCodec.encode(BODY, true);
        assertThat(RegistrationReader.read(header(true, 0), compressed, 475).topics().get("TBW102").perm()).isEqualTo(7);

        byte[] old = TopicConfigSerializeWrapper.CODEC.encode(new TopicConfigSerializeWrapper(V,
            Map.of("T1", TopicConfig.of("T1", 2, 2, 6))));
        BrokerRegistration fromOld = RegistrationReader.read(header(false, 0), old, 36);
        assertThat(fromOld.topics()).containsOnlyKeys("T1");
        assertThat(fromOld.filterServers()).isNull();

        BrokerRegistration noBody = RegistrationReader.read(header(false, 0), null, 475);
        assertThat(noBody.topics()).isEmpty();
        assertThat(noBody.dataVersion()).isEqualTo(new DataVersion(0, 0, 0));
    }

    @Test
    void aCrcOverAMissingBodyDoesNotMatch() {
        assertThatThrownBy(() -> RegistrationReader.read(header(false, 12345), null, 475))
            .isInstanceOf(NamesrvProcessor.BadRequest.class).hasMessageStartingWith("crc32 not match");
    }

    @Property(tries = 500)
    void randomBodiesAreReadOrRefusedNeverThrownAt(@ForAll @Size(max = 300) byte[] body, @ForAll boolean compressed,
                                                 @ForAll @IntRange(min = 0, max = 500) int version) {
        try {
            RegistrationReader.read(header(compressed, 0), body.length == 0 ? null : body, version);
        } catch (NamesrvProcessor.BadRequest e) {
            assertThat(e.code).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(e.getMessage()).startsWith("Failed to decode RegisterBrokerBody: ");
        }
    }

    @Property(tries = 300)
    void everyTruncationOfAValidBodyIsRefused(@ForAll boolean compressed, @ForAll @IntRange(min = 1, max = 10_000) int cut) {
        byte[] full = RegisterBrokerBodyCodec.encode(BODY, compressed);
        byte[] truncated = Arrays.copyOf(full, cut % full.length);
        if (truncated.length == 0) {
            return;
        }
        assertThatThrownBy(() -> RegistrationReader.read(header(compressed, 0), truncated, 475))
            .isInstanceOf(NamesrvProcessor.BadRequest.class)
            .hasMessageStartingWith("Failed to decode RegisterBrokerBody: ");
    }
}
