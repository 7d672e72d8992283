package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.MalformedFrameException;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.ZeroCopyBody;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request check against hostile authentication fields: missing, empty, duplicated, huge, non-ASCII and random
 * values each get a NO_PERMISSION refusal, never a pass and never an exception; and the failure log's once per
 * source and reason rule.
 */
class AuthInterceptorTest {

    private static final SessionCredentials ALICE = new SessionCredentials("alice", "aliceSecret-1");

    @TempDir
    Path dir;
    ManualClock clock = new ManualClock(1_000_000);
    AuthFailures failures;
    AuthInterceptor interceptor;

    @BeforeEach
    void setUp() {
        AuthMetadata metadata = new AuthMetadata(new ConfigFile(dir.resolve("auth.json")));
        metadata.createUser(new AuthUser("alice", ALICE.secretKey(), UserType.SUPER, UserStatus.ENABLE));
        metadata.createUser(new AuthUser("off", "offSecret-1", UserType.NORMAL, UserStatus.DISABLE));
        failures = new AuthFailures(clock);
        interceptor = new AuthInterceptor(true, true, Set.of(RequestCode.GET_BROKER_CONFIG), Set.of(), metadata,
            "DefaultCluster", failures);
    }

    @Test
    void aCorrectSignaturePassesAndWhitelistedCodesSkipTheCheck() throws Exception {
        assertThat(check(RequestSignature.sign(send("t"), ALICE))).isNull();
        assertThat(check(RemotingCommand.request(RequestCode.GET_BROKER_CONFIG, null, null))).isNull();
    }

    @Test
    void hostileAuthenticationFieldsAreRefused() throws Exception {
        RemotingCommand good = RequestSignature.sign(send("t"), ALICE);
        String sig = good.extField("Signature");
        assertRefused(send("t"), "username cannot be null.");
        assertRefused(RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, null, null), "username cannot be null.");
        assertRefused(with(good, "AccessKey", ""), "username cannot be null.");
        assertRefused(without(good, "Signature"), "check signature failed.");
        assertRefused(with(good, "Signature", ""), "check signature failed.");
        assertRefused(with(good, "Signature", sig + sig), "check signature failed.");
        assertRefused(with(good, "Signature", sig.toLowerCase()), "check signature failed.");
        assertRefused(with(good, "Signature", "é中😀" + sig.substring(3)), "check signature failed.");
        assertRefused(with(good, "SecurityToken", "added-later"), "check signature failed.");
        assertRefused(with(good, "AccessKey", "ALICE"), "User:ALICE is not found.");
        assertRefused(with(good, "AccessKey", "alice\u0000"), "User:alice? is not found.");
        assertRefused(with(good, "AccessKey", "x".repeat(1_000_000)), "User:" + "x".repeat(64) + "... is not found.");
        assertRefused(with(good, "AccessKey", "ålice中"), "User:ålice中 is not found.");
        assertRefused(RequestSignature.sign(send("t"), new SessionCredentials("off", "offSecret-1")), "User:off is disabled.");
        assertRefused(with(good, "Signature", "A".repeat(1_000_000)), "check signature failed.");
    }

    @Test
    void duplicatedHeaderFieldsNeverPassATamperedRequest() throws Exception {
        RemotingCommand good = RequestSignature.sign(send("orders"), ALICE);
        for (String key : new String[] {"b", "AccessKey", "Signature"}) {
            for (boolean tamperedFirst : new boolean[] {true, false}) {
                StringBuilder fields = new StringBuilder();
                for (Map.Entry<String, String> e : good.extFields().entrySet()) {
                    if (e.getKey().equals(key) && tamperedFirst) {
                        fields.append(json(e.getKey(), e.getValue() + "X")).append(',');
                    }
                    fields.append(json(e.getKey(), e.getValue())).append(',');
                    if (e.getKey().equals(key) && !tamperedFirst) {
                        fields.append(json(e.getKey(), e.getValue() + "X")).append(',');
                    }
                }
                fields.setLength(fields.length() - 1);
                String header = "{\"code\":310,\"extFields\":{" + fields + "},\"flag\":0,\"language\":\"JAVA\",\"opaque\":1,"
                    + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":453}";
                RemotingCommand decoded;
                try {
                    decoded = RemotingFrameCodec.decode(frame(header, good.body()));
                } catch (MalformedFrameException refusedAtTheFrame) {
                    continue;
                }
                RemotingCommand answer = check(decoded);
                if (answer == null) {
                    assertThat(decoded.extFields()).as("a passing request is the signed one").isEqualTo(good.extFields());
                } else {
                    assertThat(answer.code()).isEqualTo(ResponseCode.NO_PERMISSION);
                }
            }
        }
    }

    @Test
    void randomAuthenticationFieldsNeverPass() throws Exception {
        Random random = new Random(77);
        RemotingCommand good = RequestSignature.sign(send("t"), ALICE);
        for (int i = 0; i < 3000; i++) {
            RemotingCommand.Builder b = good.toBuilder();
            String[] keys = {"AccessKey", "Signature", "SecurityToken", "b", "a"};
            String key = keys[random.nextInt(keys.length)];
            String value = randomValue(random);
            if (value.equals(good.extField(key)) || (value.isEmpty() && good.extField(key) == null)) {
                // Unchanged, or an added empty field: it adds nothing to the signed content (values only, as in
                // RocketMQ), so the request is still the signed one.
                continue;
            }
            b.extField(key, value);
            RemotingCommand answer = check(b.build());
            assertThat(answer).as("changed %s to %s", key, value).isNotNull();
            assertThat(answer.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        }
    }

    @Test
    void failuresAreCountedAlwaysAndLoggedOncePerSourceAndReasonPerMinute() {
        assertThat(failures.record(AuthFailures.Reason.BAD_SIGNATURE, "10.0.0.1", 310, "alice", "check signature failed."))
            .isTrue();
        for (int i = 0; i < 100; i++) {
            assertThat(failures.record(AuthFailures.Reason.BAD_SIGNATURE, "10.0.0.1", 310, "alice", "r")).isFalse();
        }
        assertThat(failures.record(AuthFailures.Reason.UNKNOWN_USER, "10.0.0.1", 310, "bob", "r")).isTrue();
        assertThat(failures.record(AuthFailures.Reason.BAD_SIGNATURE, "10.0.0.2", 310, "alice", "r")).isTrue();
        clock.advance(AuthFailures.LOG_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
        assertThat(failures.record(AuthFailures.Reason.BAD_SIGNATURE, "10.0.0.1", 310, "alice", "r")).isTrue();
        assertThat(failures.count(AuthFailures.Reason.BAD_SIGNATURE)).isEqualTo(103);
        assertThat(failures.count(AuthFailures.Reason.UNKNOWN_USER)).isEqualTo(1);
    }

    @Test
    void sourceIpIsTheAddressWithoutPort() {
        assertThat(AuthInterceptor.sourceIp("127.0.0.1:5000")).isEqualTo("127.0.0.1");
        assertThat(AuthInterceptor.sourceIp("[::1]:5000")).isEqualTo("::1");
        assertThat(AuthInterceptor.sourceIp("[fe80::1%eth0]:5000")).isEqualTo("fe80::1");
    }

    private void assertRefused(RemotingCommand request, String remark) throws Exception {
        RemotingCommand answer = check(request);
        assertThat(answer).as("refused: %s", remark).isNotNull();
        assertThat(answer.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(answer.remark()).isEqualTo(remark);
    }

    private RemotingCommand check(RemotingCommand request) throws Exception {
        return interceptor.check(new FakeContext(request), request);
    }

    private static RemotingCommand send(String topic) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("a", "pg");
        f.put("b", topic);
        f.put("c", "TBW102");
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, f, "body".getBytes(StandardCharsets.UTF_8));
    }

    private static RemotingCommand with(RemotingCommand r, String key, String value) {
        return r.toBuilder().extField(key, value).build();
    }

    private static RemotingCommand without(RemotingCommand r, String key) {
        Map<String, String> f = new LinkedHashMap<>(r.extFields());
        f.remove(key);
        return RemotingCommand.newRequest(r.code()).extFields(f).body(r.body()).build();
    }

    private static String randomValue(Random random) {
        int kind = random.nextInt(4);
        int length = kind == 3 ? 10_000 + random.nextInt(10_000) : random.nextInt(40);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(kind == 0 ? (char) random.nextInt(0x3000) : "AZaz09+/=é".charAt(random.nextInt(10)));
        }
        return b.toString();
    }

    private static String json(String key, String value) {
        return "\"" + escape(key) + "\":\"" + escape(value) + "\"";
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == '"' || c == '\\') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static ByteBuffer frame(String header, byte[] body) {
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer out = ByteBuffer.allocate(4 + h.length + (body == null ? 0 : body.length));
        out.putInt(h.length).put(h);
        if (body != null) {
            out.put(body);
        }
        return out.flip();
    }

    private record FakeContext(RemotingCommand request) implements RequestContext {
        @Override
        public Connection connection() {
            return null;
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1:40000";
        }

        @Override
        public LanguageCode language() {
            return LanguageCode.JAVA;
        }

        @Override
        public int version() {
            return request.version();
        }

        @Override
        public long receivedNanos() {
            return 0;
        }

        @Override
        public boolean respond(RemotingCommand response) {
            return true;
        }

        @Override
        public boolean respond(RemotingCommand response, ZeroCopyBody body) {
            return true;
        }

        @Override
        public boolean isAnswered() {
            return false;
        }
    }
}
