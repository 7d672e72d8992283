package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pull-style response whose body comes straight from a memory-mapped file. */
class ZeroCopyResponseTest extends RemotingFixture {

    @TempDir
    Path dir;

    @Test
    void mappedFileSlicesArriveByteExactAndAreReleasedOnce() throws Exception {
        byte[] content = new byte[300_000];
        new Random(42).nextBytes(content);
        Path file = dir.resolve("00000000000000000000");
        Files.write(file, content);
        MappedByteBuffer mapped;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, content.length);
        }
        AtomicInteger releases = new AtomicInteger();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> {
            // Two messages: [1000, 101000) and [150000, 290000).
            ByteBuffer first = mapped.duplicate().position(1000).limit(101_000);
            ByteBuffer second = mapped.duplicate().position(150_000).limit(290_000);
            ctx.respond(request.newResponse(ResponseCode.SUCCESS).extField("nextBeginOffset", "2").build(),
                ZeroCopyBody.of(List.of(first.slice(), second.slice()), releases::incrementAndGet));
            return null;
        });
        server.start();
        RemotingClient client = startedClient();

        RemotingCommand response = client.invokeSync(address(server), RemotingCommand.request(RequestCode.PULL_MESSAGE,
            null, null), 5000);

        byte[] expected = new byte[100_000 + 140_000];
        System.arraycopy(content, 1000, expected, 0, 100_000);
        System.arraycopy(content, 150_000, expected, 100_000, 140_000);
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extField("nextBeginOffset")).isEqualTo("2");
        assertThat(Arrays.equals(response.body(), expected)).as("body byte-exact").isTrue();
        Await.until(WAIT, "the release callback", () -> releases.get() == 1);
        assertThat(mapped.position()).as("the mapped buffer itself is untouched").isZero();
    }

    @Test
    void bodyIsReleasedWhenTheAnswerIsRefused() throws Exception {
        AtomicInteger releases = new AtomicInteger();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> {
            ctx.respond(request.response(ResponseCode.PULL_NOT_FOUND, null));
            // Already answered: the second answer is refused and its body released at once.
            boolean sent = ctx.respond(request.response(ResponseCode.SUCCESS, null),
                ZeroCopyBody.of(ByteBuffer.allocateDirect(16), releases::incrementAndGet));
            return request.newResponse(sent ? 99 : 98).build();
        });
        server.start();

        RemotingCommand response = startedClient().invokeSync(address(server),
            RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 5000);

        assertThat(response.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        Await.until(WAIT, "the release", () -> releases.get() == 1);
    }
}
