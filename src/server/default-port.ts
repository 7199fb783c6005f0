/** The port `fuseforks serve` listens on unless told otherwise (ARCHITECTURE §5). */
export const DEFAULT_PORT = 7420;
