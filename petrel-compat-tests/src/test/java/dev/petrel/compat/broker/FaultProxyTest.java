package dev.petrel.compat.broker;

import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link FaultProxy} in front of an echo server on loopback: forwarding, each kind of cut, and the heal. */
class FaultProxyTest {

    private ServerSocket echo;
    private FaultProxy proxy;

    @BeforeEach
    void start() throws IOException {
        echo = new ServerSocket();
        echo.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), FreePorts.next()));
        Thread t = new Thread(this::echoLoop, "echo");
        t.setDaemon(true);
        t.start();
        proxy = FaultProxy.start(FreePorts.next(), echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        echo.close();
    }

    @Test
    void forwardsBothWays() throws IOException {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "ping")).isEqualTo("ping");
        }
    }

    @Test
    void refuseResetsConnectionsAndRefusesNewOnesUntilHealed() throws IOException {
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "a")).isEqualTo("a");
            proxy.cut(FaultProxy.Cut.REFUSE);
            assertThat(readOrEnd(s)).as("the open connection is dropped").isEqualTo(-1);
        }
        assertThatThrownBy(this::connect).isInstanceOf(ConnectException.class);
        proxy.heal();
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "b")).isEqualTo("b");
        }
    }

    @Test
    void blackHoleAcceptsButAnswersNothingAndHealClosesHeldConnections() throws IOException {
        proxy.cut(FaultProxy.Cut.BLACK_HOLE);
        try (Socket s = connect()) {
            s.setSoTimeout(300);
            s.getOutputStream().write("lost".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> s.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
            proxy.heal();
            s.setSoTimeout(60_000);
            assertThat(readOrEnd(s)).as("the held connection is closed at the heal, nothing delivered").isEqualTo(-1);
        }
        try (Socket s = connect()) {
            assertThat(roundTrip(s, "c")).isEqualTo("c");
        }
    }

    @Test
    void stallHoldsBytesAndDeliversThemInOrderAtTheHeal() throws IOException {
        try (Socket open = connect()) {
            assertThat(roundTrip(open, "x")).isEqualTo("x");
            proxy.cut(FaultProxy.Cut.STALL);
            try (Socket late = connect()) {
                open.setSoTimeout(300);
                late.setSoTimeout(300);
                open.getOutputStream().write("12".getBytes(StandardCharsets.UTF_8));
                late.getOutputStream().write("34".getBytes(StandardCharsets.UTF_8));
                assertThatThrownBy(() -> open.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
                assertThatThrownBy(() -> late.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
                proxy.heal();
                open.setSoTimeout(60_000);
                late.setSoTimeout(60_000);
                assertThat(read(open, 2)).isEqualTo("12");
                assertThat(read(late, 2)).isEqualTo("34");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), proxy.port()), 30_000);
        s.setSoTimeout(60_000);
        return s;
    }

    private static String roundTrip(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        return read(s, text.length());
    }

    private static String read(Socket s, int length) throws IOException {
        byte[] b = s.getInputStream().readNBytes(length);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** The next byte, or -1 at the end of the stream or when the connection was reset. */
    private static int readOrEnd(Socket s) {
        try {
            return s.getInputStream().read();
        } catch (SocketTimeoutException e) {
            throw new AssertionError("neither a byte nor the end within the socket timeout", e);
        } catch (IOException reset) {
            return -1;
        }
    }

    private void echoLoop() {
        while (true) {
            Socket s;
            try {
                s = echo.accept();
            } catch (IOException closed) {
                return;
            }
            Thread t = new Thread(() -> {
                try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    in.transferTo(out);
                } catch (IOException e) {
                    // the proxy dropped it
                }
            }, "echo-conn");
            t.setDaemon(true);
            t.start();
        }
    }
}
