/**
 * The tool an assistant registers the visitor's lead with: the server behind it records the lead
 * and queues the proposal, and the widget, seeing the assistant call it, closes the form.
 */
export const LEAD_TOOL_NAME = 'registrar_contacto';
