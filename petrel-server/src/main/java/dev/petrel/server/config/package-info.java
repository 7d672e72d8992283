/** The configuration reference ({@code docs/configuration.md}), generated from the components' definitions. */
package dev.petrel.server.config;
