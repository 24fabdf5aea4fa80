// What each procedure answers. The server's resolvers are checked against these (a type test in
// the api package), and the widget reads them through the router type.

/** A row the server created or touched, by its opaque id (UUIDv7). */
export interface IdResult {
  id: string;
}

/** `vapi_call.create`: the row id and the capability token that proves ownership of the row. */
export interface VapiCallCreated {
  id: string;
  token: string;
}

/** `vapi_call.getByVapiId`. */
export interface VapiCallRecord {
  id: string;
  vapi_id: string;
  initial_data: Record<string, unknown> | null;
  status: string;
  created_at: string;
  updated_at: string;
}
