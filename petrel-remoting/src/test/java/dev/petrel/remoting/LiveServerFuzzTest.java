package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import dev.petrel.protocol.frame.SerializeType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Many connections throw random, truncated, corrupted and oversize frames at a live server while a healthy client
 * keeps calling it. Seeded (fixed by default, {@code -Dpetrel.fuzz.seed=N} for another), so a failure replays.
 *
 * <p>Proves: the server never stops serving the healthy connection, every healthy call succeeds, hostile
 * connections are closed one by one, and no buffer ever grows beyond a small multiple of the maximum frame, whatever
 * lengths the attackers claim.
 */
class LiveServerFuzzTest extends RemotingFixture {

    private static final Logger LOG = LoggerFactory.getLogger(LiveServerFuzzTest.class);
    private static final int MAX_FRAME = 64 * 1024;
    private static final int ATTACKERS = 4;
    private static final int CONNECTIONS_PER_ATTACKER = 60;
    private static final int HEALTHY_CALLS = 50;
    /** On a loaded two-core machine attackers can starve everything; they stop after this however far they got. */
    private static final long ATTACK_BUDGET_NANOS = TimeUnit.SECONDS.toNanos(5);

    @Test
    void hostileConnectionsNeverDisturbTheHealthyOne() throws Exception {
        long seed = Long.getLong("petrel.fuzz.seed", 0x5EED_0001L);
        LOG.info("live-server fuzz seed {} (rerun with -Dpetrel.fuzz.seed={})", seed, seed);
        RecordingAllocator allocator = new RecordingAllocator();
        RemotingServer server = server(serverConfig()
            .with(RemotingCommonConfig.FRAME_MAX_LENGTH, MAX_FRAME)
            .with(RemotingCommonConfig.USE_EPOLL_NATIVE_SELECTOR, false), allocator);
        server.registerProcessor(RequestCode.HEART_BEAT, RoundTripTest.ECHO, executor("echo", 2, 10_000));
        server.start();
        RemotingClient healthy = startedClient();
        String address = address(server);
        healthy.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 5000);

        AtomicBoolean attacking = new AtomicBoolean(true);
        AtomicInteger healthyCalls = new AtomicInteger();
        int callsDuringAttack;
        AtomicBoolean healthyStopped = new AtomicBoolean();
        ExecutorService threads = Executors.newFixedThreadPool(ATTACKERS + 1);
        try {
            Future<?> healthyLoop = threads.submit(() -> {
                try {
                    int i = 0;
                    while (attacking.get()) {
                        String n = String.valueOf(i++);
                        // a generous timeout: the property is "served during the attack", not how fast, and a
                        // loaded machine can hold one call for seconds (a timeout fails the test below)
                        RemotingCommand r = healthy.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT,
                            Map.of("n", n), null), 30_000);
                        assertThat(r.code()).as("seed %d", seed).isEqualTo(ResponseCode.SUCCESS);
                        assertThat(r.extField("n")).as("seed %d", seed).isEqualTo(n);
                        healthyCalls.incrementAndGet();
                    }
                    return null;
                } finally {
                    healthyStopped.set(true);
                }
            });
            List<Future<?>> attackers = new ArrayList<>();
            for (int a = 0; a < ATTACKERS; a++) {
                Random random = new Random(seed + a);
                attackers.add(threads.submit(() -> {
                    // Attack until both this attacker's quota is used and the healthy client made its calls meanwhile.
                    long deadline = System.nanoTime() + ATTACK_BUDGET_NANOS;
                    for (int c = 0; (c < CONNECTIONS_PER_ATTACKER || (healthyCalls.get() < HEALTHY_CALLS
                        && !healthyStopped.get())) && System.nanoTime() - deadline < 0; c++) {
                        attack(server.port(), random);
                    }
                    return null;
                }));
            }
            for (Future<?> attacker : attackers) {
                attacker.get(60, TimeUnit.SECONDS);
            }
            attacking.set(false);
            callsDuringAttack = healthyCalls.get();
            healthyLoop.get(60, TimeUnit.SECONDS);
        } finally {
            attacking.set(false);
            threads.shutdownNow();
        }

        assertThat(callsDuringAttack).as("healthy calls while under attack, seed %d", seed).isPositive();
        assertThat(healthy.metrics().timeouts()).as("seed %d", seed).isZero();
        assertThat(server.metrics().badFrames()).as("seed %d", seed).isPositive();
        assertThat(allocator.largest.get()).as("largest allocation, seed %d", seed)
            .isLessThanOrEqualTo(BadInputTest.ALLOCATION_BOUND);
        // Still accepting new connections.
        try (RemotingClient late = new RemotingClient("late", clientConfig(), dev.petrel.common.time.Clock.system())) {
            late.start();
            assertThat(late.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 5000).code())
                .isZero();
        }
        LOG.info("seed {}: {} healthy calls ({} under attack), server {}, largest allocation {} bytes", seed,
            healthyCalls.get(), callsDuringAttack,
            server.metrics(), allocator.largest.get());
    }

    /** One hostile connection: a few frames of one kind of abuse, then close or hang up mid-frame. */
    private static void attack(int port, Random random) throws IOException {
        try (RawPeer peer = new RawPeer(port)) {
            int frames = 1 + random.nextInt(4);
            for (int i = 0; i < frames; i++) {
                byte[] bytes = switch (random.nextInt(6)) {
                    case 0 -> randomBytes(random, 1 + random.nextInt(2000));
                    case 1 -> truncate(random, validFrame(random));
                    case 2 -> corrupt(random, validFrame(random));
                    case 3 -> claim(random);
                    case 4 -> withHeaderWord(random, validFrame(random));
                    default -> validFrame(random);
                };
                try {
                    peer.send(bytes);
                } catch (IOException closedByServer) {
                    return;
                }
            }
        }
    }

    private static byte[] validFrame(Random random) {
        RemotingCommand.Builder b = RemotingCommand.newRequest(random.nextBoolean() ? RequestCode.HEART_BEAT : random.nextInt(400))
            .opaque(random.nextInt()).flag(random.nextInt(4)).language(LanguageCode.values()[random.nextInt(13)])
            .serializeType(random.nextBoolean() ? SerializeType.JSON : SerializeType.ROCKETMQ);
        for (int i = random.nextInt(6); i > 0; i--) {
            b.extField("k" + random.nextInt(100), Long.toString(random.nextLong(), 36));
        }
        if (random.nextBoolean()) {
            b.remark("r\u0001\"é" + random.nextInt());
        }
        if (random.nextBoolean()) {
            b.body(randomBytes(random, random.nextInt(3000)));
        }
        return RemotingFrameCodec.encode(b.build());
    }

    private static byte[] truncate(Random random, byte[] frame) {
        return Arrays.copyOf(frame, random.nextInt(frame.length));
    }

    private static byte[] corrupt(Random random, byte[] frame) {
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            frame[4 + random.nextInt(frame.length - 4)] = (byte) random.nextInt();
        }
        return frame;
    }

    /** A length field claiming anything up to 2 GiB, followed by a little data. */
    private static byte[] claim(Random random) {
        byte[] tail = randomBytes(random, random.nextInt(500));
        return ByteBuffer.allocate(4 + tail.length).putInt(random.nextInt(Integer.MAX_VALUE)).put(tail).array();
    }

    /** A valid frame whose header-length word is replaced. */
    private static byte[] withHeaderWord(Random random, byte[] frame) {
        ByteBuffer.wrap(frame).putInt(4, random.nextInt());
        return frame;
    }

    private static byte[] randomBytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
