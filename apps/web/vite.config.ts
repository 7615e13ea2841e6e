import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const target = process.env.LEADFLOW_API ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": { target, changeOrigin: true },
      "/app": { target, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // Vendor code that changes rarely gets its own long-cached chunks; routes are lazy, so the entry stays small.
        manualChunks(id: string) {
          if (!id.includes("node_modules")) return undefined;
          if (id.includes("@mui/icons-material")) return "mui-icons";
          if (id.includes("@mui") || id.includes("@emotion")) return "mui";
          if (id.includes("recharts") || id.includes("d3-")) return "charts";
          if (id.includes("pusher-js")) return "pusher";
          if (id.includes("zod") || id.includes("react-hook-form") || id.includes("@hookform")) return "forms";
          if (id.includes("react-router") || id.includes("react-dom") || id.includes("/react/") || id.includes("scheduler")) return "react";
          if (id.includes("@tanstack")) return "query";
          return "vendor";
        },
      },
    },
  },
});
