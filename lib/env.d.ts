interface ImportMetaEnv {
  /** The site profile chosen at build time (see wxt.config.ts). */
  readonly COMPANION_PROFILE?: string;
  /** The local sandbox's first port when not the default (see wxt.config.ts). */
  readonly COMPANION_SANDBOX_PORT?: string;
}
