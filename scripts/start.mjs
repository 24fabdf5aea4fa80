// Placeholder until the server lands: `npm start` explains what it will do.
console.log('Helena: the demo server is not built yet. Run `npm test` to check the SDK.');
