interface ImportMetaEnv {
  /** The site profile chosen at build time (see wxt.config.ts). */
  readonly COMPANION_PROFILE?: string;
}
