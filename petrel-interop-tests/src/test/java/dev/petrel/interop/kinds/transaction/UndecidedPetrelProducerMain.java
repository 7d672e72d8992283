package dev.petrel.interop.kinds.transaction;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.producer.LocalTransactionState;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.TransactionListener;
import dev.petrel.client.producer.TransactionSendResult;

/**
 * A child JVM: a Petrel transactional producer that sends one half message and never decides it, prints
 * {@code SENT <msgId>} and {@code CHECKED <msgId>} for each check-back, and waits to be killed.
 * Arguments: namesrvAddr group topic body.
 */
public final class UndecidedPetrelProducerMain {

    private UndecidedPetrelProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        PetrelProducer producer = PatientClients.producer(args[0]).group(args[1])
            .instanceName("undecided-" + ProcessHandle.current().pid())
            .sendTimeout(java.time.Duration.ofSeconds(60)) // a child JVM's first route lookup on a busy machine
            // The route lookup has its own timeout (3 s by default): one miss fails the send, as with Apache's client.
            .set(dev.petrel.client.ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000)
            .transactionListener(new TransactionListener() {
                @Override
                public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                    return LocalTransactionState.UNKNOWN;
                }

                @Override
                public LocalTransactionState checkLocalTransaction(ReceivedMessage message) {
                    System.out.println("CHECKED " + message.msgId());
                    System.out.flush();
                    return LocalTransactionState.UNKNOWN;
                }
            }).build();
        TransactionSendResult r = producer.sendInTransaction(Message.of(args[2], args[3]), null);
        System.out.println("SENT " + r.sendResult().msgId() + " " + r.sendResult().status() + " " + r.localState());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
