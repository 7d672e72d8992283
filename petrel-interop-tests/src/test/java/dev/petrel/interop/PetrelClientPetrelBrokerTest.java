package dev.petrel.interop;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Matrix column "Petrel client ↔ Petrel broker", both registered with Petrel's NameServer.
 *
 * <p>Pending: it needs the {@code broker} role of petrel-server, which is on the broker branch but not yet on main.
 * It passed 7/7 against a build of that branch (commit d0b34db). Move it to {@code src/test/java} (same package)
 * when the broker lands on main.
 */
class PetrelClientPetrelBrokerTest extends InteropMatrix {

    private static Path dir;
    private static ServerProcesses.Server namesrv;
    private static ServerProcesses.Server broker;

    @BeforeAll
    static void startServers() throws Exception {
        dir = ServerProcesses.serverDir("interop-petrel-");
        namesrv = ServerProcesses.petrelNameServer(dir);
        broker = ServerProcesses.petrelBroker(dir, "broker-a", namesrv.address(), Map.of());
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
    }

    @AfterAll
    static void stopServers() {
        ServerProcesses.stopAll(dir, broker, namesrv);
    }

    @Override
    String namesrv() {
        return namesrv.address();
    }
}
