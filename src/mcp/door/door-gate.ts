/** One outside request at a time across the whole door, whatever the session (ledger, MCP server 5). */
export class DoorGate {
  private busy = false;

  get isBusy(): boolean {
    return this.busy;
  }

  tryEnter(): boolean {
    if (this.busy) return false;
    this.busy = true;
    return true;
  }

  leave(): void {
    this.busy = false;
  }
}
