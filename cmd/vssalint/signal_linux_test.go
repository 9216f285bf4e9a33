package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalReachesChecker sends SIGTERM to vssalint while its
// multichecker child analyses std: the child must end too, not run on
// alone (a cancelled CI job).
func TestSignalReachesChecker(t *testing.T) {
	tool := buildTool(t)
	cmd := exec.Command(tool, "std")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var child int
	for deadline := time.Now().Add(30 * time.Second); child == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		child = childOf(cmd.Process.Pid)
	}
	if child == 0 {
		cmd.Process.Kill()
		t.Fatal("vssalint started no child")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if err := syscall.Kill(child, 0); err != nil {
			return // gone
		}
		if time.Now().After(deadline) {
			syscall.Kill(child, syscall.SIGKILL)
			t.Fatalf("the checker (pid %d) runs on after vssalint ended on SIGTERM", child)
		}
	}
}

// childOf returns the pid of a child process of parent, or 0. Each
// thread lists the children it forked, and the Go runtime forks from
// whichever thread runs exec, so every thread's list is read.
func childOf(parent int) int {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", parent))
	if err != nil {
		return 0
	}
	for _, task := range tasks {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", parent, task.Name()))
		if err != nil {
			continue
		}
		if fields := strings.Fields(string(data)); len(fields) > 0 {
			pid, _ := strconv.Atoi(fields[0])
			return pid
		}
	}
	return 0
}
