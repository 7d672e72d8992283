package dev.petrel.broker;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.testkit.FreePorts;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** A NameServer's registration rules in miniature: a non-master registrant is told its broker name's master. */
final class RoutingNameServer implements AutoCloseable {

    private static final RecordHeaderCodec<RegisterBrokerRequestHeader> REGISTER =
        RecordHeaderCodec.of(RegisterBrokerRequestHeader.class);

    final RemotingServer server;
    final List<RegisterBrokerRequestHeader> registrations = new CopyOnWriteArrayList<>();
    /** brokerName → the master's {brokerAddr, haServerAddr}. */
    final Map<String, String[]> masters = new ConcurrentHashMap<>();
    /** False: answer slaves without their master (as when the master is absent). */
    volatile boolean announceMasters = true;

    RoutingNameServer() {
        server = new RemotingServer("fake-namesrv", RemotingServerConfig.defaults()
            .with(RemotingServerConfig.LISTEN_PORT, FreePorts.next()), Clock.system());
        server.registerDefaultProcessor((ctx, req) -> {
            if (req.code() != RequestCode.REGISTER_BROKER) {
                return req.response(ResponseCode.SUCCESS, null);
            }
            RegisterBrokerRequestHeader h = REGISTER.decode(req.extFields()).orElseThrow();
            registrations.add(h);
            if (h.brokerId() == 0) {
                masters.put(h.brokerName(), new String[] {h.brokerAddr(), h.haServerAddr()});
                return req.response(ResponseCode.SUCCESS, null);
            }
            String[] m = masters.get(h.brokerName());
            RemotingCommand.Builder b = req.newResponse(ResponseCode.SUCCESS);
            if (m != null && announceMasters) {
                b.extField("masterAddr", m[0]).extField("haServerAddr", m[1]);
            }
            return b.build();
        }, new ProcessorExecutor("fake-namesrv", 1, 100, "test"));
        server.start();
    }

    String address() {
        return "127.0.0.1:" + server.port();
    }

    RegisterBrokerRequestHeader last(long brokerId) {
        return registrations.stream().filter(r -> r.brokerId() == brokerId).reduce((a, b) -> b).orElseThrow();
    }

    @Override
    public void close() {
        server.close();
    }
}

