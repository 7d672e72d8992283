/**
 * {@code petrel admin}: the admin calls behind mqadmin's commands ({@link dev.petrel.admin.AdminClient}, over
 * petrel-client's {@code PetrelAdmin}), for Petrel's and Apache RocketMQ's NameServers and brokers alike.
 */
package dev.petrel.admin;
