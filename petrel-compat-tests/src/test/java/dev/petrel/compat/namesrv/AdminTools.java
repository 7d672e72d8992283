package dev.petrel.compat.namesrv;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/** The official 5.3.1 admin tool and producer, pointed at a NameServer, each with its own client instance. */
final class AdminTools {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private AdminTools() {
    }

    static DefaultMQAdminExt admin(String namesrvAddr) throws MQClientException {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(namesrvAddr);
        admin.setInstanceName("petrel-compat-admin-" + INSTANCES.incrementAndGet());
        admin.start();
        return admin;
    }

    static DefaultMQProducer producer(String namesrvAddr) throws MQClientException {
        DefaultMQProducer producer = new DefaultMQProducer("petrel-compat-producer-" + INSTANCES.incrementAndGet());
        producer.setNamesrvAddr(namesrvAddr);
        producer.setInstanceName("petrel-compat-producer-" + INSTANCES.get());
        producer.start();
        return producer;
    }
}
