/**
 * The broker's replication seam: {@link dev.petrel.broker.replication.Replication} is what the broker sees of
 * classic master/slave replication ({@code dev.petrel.broker.ha}) and of the Raft group ({@code
 * dev.petrel.broker.dledger}); {@link dev.petrel.broker.replication.Replications} picks one from broker.conf.
 */
package dev.petrel.broker.replication;
