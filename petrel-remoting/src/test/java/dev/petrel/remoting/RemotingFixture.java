package dev.petrel.remoting;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.frame.MalformedFrameException;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import io.netty.buffer.ByteBufAllocator;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.AfterEach;

/** Real servers and clients on 127.0.0.1 with few threads, closed after each test (last created, first closed). */
abstract class RemotingFixture {

    static final Duration WAIT = Duration.ofSeconds(10);

    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    static RemotingServerConfig serverConfig() {
        return RemotingServerConfig.defaults()
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1")
            .with(RemotingServerConfig.SERVER_SELECTOR_THREADS, 2)
            .with(RemotingServerConfig.SERVER_CALLBACK_EXECUTOR_THREADS, 2);
    }

    static RemotingClientConfig clientConfig() {
        return RemotingClientConfig.defaults()
            .with(RemotingClientConfig.CLIENT_WORKER_THREADS, 2)
            .with(RemotingClientConfig.CLIENT_CALLBACK_EXECUTOR_THREADS, 2);
    }

    RemotingServer server(RemotingServerConfig config) {
        return server(config, null);
    }

    RemotingServer server(RemotingServerConfig config, ByteBufAllocator allocator) {
        return track(new RemotingServer("test-server", config, Clock.system(), allocator));
    }

    RemotingClient client(RemotingClientConfig config) {
        RemotingClient client = track(new RemotingClient("test-client", config, Clock.system()));
        return client;
    }

    RemotingClient startedClient() {
        RemotingClient c = client(clientConfig());
        c.start();
        return c;
    }

    ProcessorExecutor executor(String name, int threads, int capacity) {
        return track(new ProcessorExecutor(name, threads, capacity, name + "QueueCapacity"));
    }

    <T extends AutoCloseable> T track(T resource) {
        resources.push(resource);
        return resource;
    }

    static String address(RemotingServer server) {
        return "127.0.0.1:" + server.port();
    }

    @AfterEach
    void closeAll() throws Exception {
        while (!resources.isEmpty()) {
            resources.pop().close();
        }
    }

    /** A plain socket speaking (or abusing) the protocol by hand. */
    static final class RawPeer implements AutoCloseable {
        final Socket socket;
        final OutputStream out;
        final DataInputStream in;

        RawPeer(int port) throws IOException {
            socket = new Socket();
            socket.connect(new InetSocketAddress("127.0.0.1", port), 3000);
            socket.setSoTimeout(5000);
            out = socket.getOutputStream();
            in = new DataInputStream(socket.getInputStream());
        }

        void send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        void send(RemotingCommand command) throws IOException {
            send(RemotingFrameCodec.encode(command));
        }

        RemotingCommand readFrame() throws IOException, MalformedFrameException {
            int length = in.readInt();
            byte[] frame = new byte[length];
            in.readFully(frame);
            return RemotingFrameCodec.decode(ByteBuffer.wrap(frame));
        }

        /** True when the server closed the connection (EOF or reset) within the socket timeout. */
        boolean closedByPeer() {
            try {
                InputStream raw = socket.getInputStream();
                byte[] sink = new byte[8192];
                while (true) {
                    if (raw.read(sink) < 0) {
                        return true;
                    }
                }
            } catch (SocketTimeoutException stillOpen) {
                return false;
            } catch (EOFException e) {
                return true;
            } catch (IOException reset) {
                return true;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
