"""Tasks with assignments, and comments on files."""

import pytest
from box_sdk_gen import (
    BoxAPIError,
    CreateCommentItem,
    CreateCommentItemTypeField,
    CreateTaskAction,
    CreateTaskAssignmentAssignTo,
    CreateTaskAssignmentTask,
    CreateTaskAssignmentTaskTypeField,
    CreateTaskItem,
    CreateTaskItemTypeField,
    UpdateTaskAssignmentByIdResolutionState,
)

from conftest import collaborate


def _review_task(admin, file_id, message="Please review"):
    return admin.tasks.create_task(
        CreateTaskItem(type=CreateTaskItemTypeField.FILE, id=file_id), action=CreateTaskAction.REVIEW, message=message)


def _assign(admin, task_id, user_id):
    return admin.task_assignments.create_task_assignment(
        CreateTaskAssignmentTask(id=task_id, type=CreateTaskAssignmentTaskTypeField.TASK),
        CreateTaskAssignmentAssignTo(id=user_id))


@pytest.fixture
def shared_file(admin, workspace, upload, credentials):
    """A file in a folder Alice collaborates on, so she can be assigned tasks on it."""
    collaborate(admin, workspace.id, credentials["app_users"][0]["id"])
    return upload(workspace.id, "contract.docx", b"terms")


def test_task_is_listed_on_its_file_with_its_message(admin, shared_file):
    task = _review_task(admin, shared_file.id)

    tasks = admin.tasks.get_file_tasks(shared_file.id)

    assert [(entry.id, entry.message, entry.action) for entry in tasks.entries] == [(task.id, "Please review", "review")]


def test_task_message_change_is_kept(admin, shared_file):
    task = _review_task(admin, shared_file.id)

    admin.tasks.update_task_by_id(task.id, message="Review by Friday")

    assert admin.tasks.get_task_by_id(task.id).message == "Review by Friday"


def test_deleted_task_is_no_longer_listed(admin, shared_file):
    task = _review_task(admin, shared_file.id)

    admin.tasks.delete_task_by_id(task.id)

    assert admin.tasks.get_file_tasks(shared_file.id).entries == []


def test_assignee_approval_is_recorded_on_the_assignment(admin, alice, shared_file, credentials):
    task = _review_task(admin, shared_file.id)
    assignment = _assign(admin, task.id, credentials["app_users"][0]["id"])

    alice.task_assignments.update_task_assignment_by_id(
        assignment.id, message="Looks good", resolution_state=UpdateTaskAssignmentByIdResolutionState.APPROVED)

    read = admin.task_assignments.get_task_assignment_by_id(assignment.id)
    assert read.resolution_state == "approved"
    assert read.message == "Looks good"
    assert [entry.id for entry in admin.task_assignments.get_task_assignments(task.id).entries] == [assignment.id]


def test_incomplete_assignment_can_be_deleted(admin, shared_file, credentials):
    task = _review_task(admin, shared_file.id)
    assignment = _assign(admin, task.id, credentials["app_users"][0]["id"])

    admin.task_assignments.delete_task_assignment_by_id(assignment.id)

    assert admin.task_assignments.get_task_assignments(task.id).entries == []


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 8 (a resolved task assignment is deleted; Box refuses)")
def test_resolved_assignment_cannot_be_deleted(admin, alice, shared_file, credentials):
    task = _review_task(admin, shared_file.id)
    assignment = _assign(admin, task.id, credentials["app_users"][0]["id"])
    alice.task_assignments.update_task_assignment_by_id(
        assignment.id, resolution_state=UpdateTaskAssignmentByIdResolutionState.APPROVED)

    with pytest.raises(BoxAPIError):
        admin.task_assignments.delete_task_assignment_by_id(assignment.id)

    assert admin.task_assignments.get_task_assignment_by_id(assignment.id).resolution_state == "approved"


def test_comment_and_reply_are_listed_on_the_file(admin, workspace, upload):
    file = upload(workspace.id, "discuss.txt", b"?")

    comment = admin.comments.create_comment("First thoughts", CreateCommentItem(id=file.id, type=CreateCommentItemTypeField.FILE))
    reply = admin.comments.create_comment("A reply", CreateCommentItem(id=comment.id, type=CreateCommentItemTypeField.COMMENT))

    listed = admin.comments.get_file_comments(file.id, fields=["message", "is_reply_comment"])
    assert [(entry.id, entry.message, entry.is_reply_comment) for entry in listed.entries] == [
        (comment.id, "First thoughts", False), (reply.id, "A reply", True)]


def test_edited_comment_keeps_new_message_and_deleted_comment_is_gone(admin, workspace, upload):
    file = upload(workspace.id, "edit.txt", b"?")
    comment = admin.comments.create_comment("Typo", CreateCommentItem(id=file.id, type=CreateCommentItemTypeField.FILE))

    admin.comments.update_comment_by_id(comment.id, message="Fixed")
    edited = admin.comments.get_comment_by_id(comment.id)
    admin.comments.delete_comment_by_id(comment.id)

    assert edited.message == "Fixed"
    assert admin.comments.get_file_comments(file.id).entries == []
